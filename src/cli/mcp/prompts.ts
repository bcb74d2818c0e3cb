// The MCP server's prompt: `review_schema`, a walk through a Bigtable schema review with the
// server's tools, in the order a reviewer would take them. The checks are the ones Google's
// public pages ask for ("Schema design best practices", "Schema design for time series data",
// "Understand performance", "Plan your capacity"); the validator's rules encode them.
import { TOOLS } from './tools';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface Prompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  messages(args: Record<string, string>): { role: 'user'; content: { type: 'text'; text: string } }[];
}

const MAX_PROMPT_DESIGN = 200_000;

function steps(has: (tool: string) => boolean): string[] {
  const out = [
    'Call check_design. If it reports problems, fix each at its line and path and check again: nothing else is meaningful on an invalid design.',
    'Call lint_design. Read the findings errors first. For each: what it says, the rule page (resource btstudio://rules/<rule>), and whether its fix is available.',
    'Make the design say how the application uses each table, so the rules judge it rather than guess: how writes arrive (load.writePattern sustained, burst with burstDuration, or bulk with bulkRows and bulkEvery; writeKind insert or update), per query whether it is serving or batch (kind), its p99 latencyMs, its lookback and whether it may run on Data Boost (dataBoost), which families hold personal data (personalData), and uuid version 4 or 7.',
    "Go through the checklist the rules encode and confirm each point for every table: row key under 4 KB (ideally 10-100 bytes); keys unique (no two writes share a key); key characters in [a-zA-Z0-9_#-] with numbers zero-padded; no timestamp or sequential id leading the key; high-cardinality, evenly written leading fields; column qualifiers under 16 KB; fewer than 100 families with short names; cells under 10 MB; rows under 100 MB; GC rules that match the data's retention; every declared query served by a point read or a short prefix or range scan rather than a full scan.",
  ];
  if (has('plan_capacity'))
    out.push(
      'Call plan_capacity: are the nodes enough for the declared reads, writes and storage at the recommended CPU target, and what does the design cost per month?',
    );
  out.push(
    'Call simulate_table for each table with a write load. Its pattern and heatmap show where writes land; a bright band or a diagonal is a hotspot no added node fixes.',
  );
  out.push('Call sample_keys for each table and read a few keys in byte order: do rows that are read together sort together?');
  if (has('apply_fixes'))
    out.push(
      "Call apply_fixes for the fixes the engine offers (it offers only fixes that keep every declared query's plan), and review what each changed per query.",
    );
  out.push(
    'Change the design for what remains (key order, salts, reversed timestamps, GC rules, a second table per query shape), then lint again until no error is left. Say which warnings you accept and why.',
  );
  if (has('export_design'))
    out.push('When it is clean, call export_design for the format the team deploys with (gcloud, cbt, terraform) and for code (the key builders).');
  return out;
}

export const REVIEW_SCHEMA: Prompt = {
  name: 'review_schema',
  title: 'Review a Bigtable schema design',
  description: "Walks through a Bigtable schema review with this server's tools: validate, lint, capacity, simulate, sample keys, fix, export.",
  arguments: [
    { name: 'design', description: 'The design to review (the text of a design file), if you have it already.', required: false },
    { name: 'goal', description: 'What the tables are for and how they are read, in a sentence or two.', required: false },
  ],
  messages(args) {
    const names = new Set(TOOLS.map((t) => t.name));
    const list = steps((t) => names.has(t))
      .map((s, i) => `${i + 1}. ${s}`)
      .join('\n');
    const design = args.design ?? '';
    const parts = [
      'Review this Cloud Bigtable schema design with the btstudio tools. The row key is the only index, so the review is mostly about the key: check it against the declared queries and load, not in general.',
      args.goal ? `What the design is for: ${args.goal.slice(0, 2000)}` : '',
      list,
      'Cite Google\'s public pages by title when you explain a finding ("Schema design best practices", "Schema design for time series data", "Understand performance", "Plan your capacity"). Report what you changed, what each query now reads, and what is left.',
      design
        ? `The design:\n\n\`\`\`yaml\n${design.length > MAX_PROMPT_DESIGN ? `${design.slice(0, MAX_PROMPT_DESIGN)}\n# (cut at ${MAX_PROMPT_DESIGN} characters)` : design}\n\`\`\``
        : 'Ask for the design, or write a first draft in the format described by the resource btstudio://format/design-format.md, then start at step 1.',
    ].filter(Boolean);
    return [{ role: 'user', content: { type: 'text', text: parts.join('\n\n') } }];
  },
};

export const PROMPTS: readonly Prompt[] = [REVIEW_SCHEMA];
