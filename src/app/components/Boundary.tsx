// Error boundaries: a panel that throws shows what failed in its own place and the
// rest of the studio stays usable; the root boundary catches the rest and offers to download
// the open design, so nothing typed is lost even when the studio cannot draw it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { selectOpenDoc, useStudio } from '../store';
import { designText as designTextOf } from '../documents/docs';
import { testPanelFails } from '../test-hooks';

const messageOf = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n')[0]!.slice(0, 300);

interface PanelProps {
  /** What the user calls the panel: "Findings", "Estimates", "Export dialog"... */
  name: string;
  /** When it changes (e.g. the design), the panel tries again. */
  resetKey?: unknown;
  /** For a dialog: closes it from the error box. */
  onClose?: () => void;
  children: ReactNode;
}

/** Throws when a test-hooks build was asked to (TEST_HOOKS is false in every other build). */
export function TestThrow({ name }: { name: string }) {
  // The flag itself (not a function of another module), so the minifier drops this line.
  if (import.meta.env.VITE_BTSTUDIO_TEST_HOOKS === '1' && testPanelFails(name)) throw new Error(`test: the ${name} panel was asked to fail`);
  return null;
}

export class PanelBoundary extends Component<PanelProps, { error: string | null; key: unknown }> {
  override state = { error: null as string | null, key: this.props.resetKey };
  static getDerivedStateFromError(e: unknown) {
    return { error: messageOf(e) };
  }
  static getDerivedStateFromProps(props: PanelProps, state: { error: string | null; key: unknown }) {
    // A new design (an edit, an undo) gives the failed panel another chance.
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  override componentDidCatch(e: unknown, info: ErrorInfo) {
    console.warn(`${this.props.name} failed`, e, info.componentStack);
  }
  override render() {
    if (this.state.error === null) {
      return (
        <>
          <TestThrow name={this.props.name} />
          {this.props.children}
        </>
      );
    }
    return (
      <div className="error-box panel-error" role="alert" data-testid="panel-error" data-panel={this.props.name}>
        <p>
          <strong>{this.props.name} failed</strong> ({this.state.error}). The rest of the studio still works, and the design is unchanged.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
        {this.props.onClose && (
          <button type="button" onClick={this.props.onClose}>
            Close
          </button>
        )}
      </div>
    );
  }
}

function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The open design as its YAML text (what the user typed, valid or not), or null. */
function designText(doc: ReturnType<typeof selectOpenDoc>): { name: string; text: string } | null {
  if (!doc) return null;
  const base =
    doc.design.name
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'design';
  let text = doc.text;
  try {
    text ??= designTextOf(doc.design);
  } catch {
    text = JSON.stringify(doc.design, null, 2); // JSON is YAML too: the design is never lost to a failing dump
  }
  return { name: `${base}.yaml`, text };
}

/** What the root boundary shows; it follows the store, so the download appears once saved designs are read. */
function RootFallback({ error, onGallery }: { error: string; onGallery: () => void }) {
  const open = designText(useStudio(selectOpenDoc));
  return (
    <main className="view notice root-error" role="alert" data-testid="root-error">
      <h1>The studio hit an error</h1>
      <p>{error}</p>
      <p>Your designs are saved in this browser and were not changed.</p>
      <p className="root-error-actions">
        {open && (
          <button type="button" data-testid="root-error-download" onClick={() => downloadText(open.name, open.text)}>
            Download the design ({open.name})
          </button>
        )}
        <button type="button" onClick={onGallery}>
          Open the gallery
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </main>
  );
}

export class RootBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: messageOf(e) };
  }
  override componentDidCatch(e: unknown, info: ErrorInfo) {
    console.error('the studio failed', e, info.componentStack);
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RootFallback
        error={this.state.error}
        onGallery={() => {
          window.location.hash = '#/';
          this.setState({ error: null });
        }}
      />
    );
  }
}
