// The CLI's version, shown by --version, in SARIF reports and by the MCP server.
export const VERSION = '0.1.0';
