// The "Apply to Bigtable" tab: the exact `btstudio apply / load / verify` commands for the open
// design and table, the emulator first, and the design file they read (saved from here).
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { exportTable } from '../../core/outputs';
import type { Design } from '../../core/model/schema';
import { copyMessage, copyText, downloadText } from '../share/browser';
import { applyCommands, EMULATOR_HOST } from './apply';

function CommandBlock({ title, lines, testId, children }: { title: string; lines: string[]; testId: string; children?: ReactNode }) {
  const ref = useRef<HTMLPreElement>(null);
  const [status, setStatus] = useState('');
  const text = lines.join('\n');
  return (
    <section className="apply-block" aria-label={title}>
      <h3>{title}</h3>
      {children}
      <pre ref={ref} className="export-preview commands" tabIndex={0} data-testid={testId}>
        {text}
      </pre>
      <div className="button-row">
        <button
          type="button"
          onClick={async () => setStatus(copyMessage(await copyText(`${text}\n`, ref.current), 'The commands'))}
          data-testid={`${testId}-copy`}
        >
          Copy commands
        </button>
        <span className="status-line small" role="status" aria-live="polite">
          {status}
        </span>
      </div>
    </section>
  );
}

export function ApplyPanel({ design, tableName }: { design: Design; tableName?: string | null }) {
  const cmds = useMemo(() => applyCommands(design, tableName ?? null), [design, tableName]);
  const [saved, setSaved] = useState(false);
  const saveDesign = () => {
    const r = exportTable(design, null, 'design', { as: 'yaml' });
    downloadText(r.text, r.filename, r.mime);
    setSaved(true);
  };
  return (
    <div className="apply-panel">
      <p>
        The commands read the design from a file: save it first, into the folder you run them in (a checkout of the studio, after <code>npm ci</code>).
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={saveDesign} data-testid="apply-download-design">
          Download {cmds.file}
        </button>
        <span className="status-line small" role="status" aria-live="polite">
          {saved ? `Saved ${cmds.file}. Run the commands where it is.` : ''}
        </span>
      </div>
      {cmds.table === null && <p className="notice-line warn">The design has no table yet: apply creates nothing, and there is nothing to load or verify.</p>}
      <CommandBlock title="On the emulator (on your machine)" lines={cmds.emulator} testId="apply-emulator">
        <p className="small">
          Start one first: <code>gcloud beta emulators bigtable start --host-port={EMULATOR_HOST}</code> (or <code>node scripts/emulator.mjs</code>, which
          prints its address). Apply creates the tables and families (the emulator drops row key schemas), load writes synthetic rows shaped by the design,
          verify reads them back and checks keys, order and each query.
        </p>
      </CommandBlock>
      <CommandBlock title="On a Cloud Bigtable instance" lines={cmds.cloud} testId="apply-cloud">
        <p className="small">
          Set <code>PROJECT</code> and <code>INSTANCE</code>, and sign in with <code>gcloud auth application-default login</code>. Apply prints its plan with{' '}
          <code>--dry-run</code> and changes the instance only with <code>--yes</code>; it never deletes anything without <code>--prune --yes</code>.
        </p>
      </CommandBlock>
      <p className="muted small">
        {cmds.table !== null && (
          <>
            Load and verify use table <code>{cmds.table}</code>; pick another table in the design to see its commands.{' '}
          </>
        )}
        Reference: docs/apply.md and docs/cli.md.
      </p>
    </div>
  );
}
