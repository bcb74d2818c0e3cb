export function thirtyTables(): string;
