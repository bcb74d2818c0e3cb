// One design: its header and actions, the tabs Form | YAML | Sorter | Simulate, and beside
// the form and the YAML the validator's findings and the selected table's estimates. The YAML,
// sorter and simulation views are loaded only when their tab opens (Monaco, workers, charts).
import { plural } from '../../core/units';
import { Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { nodesText } from '../../core/capacity/wording';
import { instanceOf } from '../../core/model/instance';
import type { Design } from '../../core/model/schema';
import { COMMANDS } from '../commands/app-commands';
import type { CommandId } from '../commands/registry';
import { PanelBoundary } from '../components/Boundary';
import { IssueList } from '../components/IssueList';
import { DesignForm } from '../form/DesignForm';
import { EstimatesPanel } from '../panels/EstimatesPanel';
import { FindingsPanel } from '../panels/FindingsPanel';
import { useLint } from '../form/hooks';
import { useVerifiedLint } from '../lint-cache';
import { designHref, galleryHref, navigate } from '../routing';
import { ExportAction, HistoryAction, LazyCapacityPanel, LazyCompareDialog, LazySharedLinkBanner, ShareAction } from '../components/LazyPanels';
import { findBase, linkBaseFor, linkBaseOf, loadBook, setOrigin } from '../history/versions-store';
import { versionLabel } from '../history/versions';
import { selectOpenDoc, useStudio } from '../store';
import { Summary } from '../summary/SummaryOf';
import { useFollowingAddress } from './address';
import { Section } from '../components/Section';
import { preloadable } from '../components/preloadable';
import type { DesignDoc, DesignView as Tab } from '../studio/contract';
import { clearChangesInForm, showChangesInForm } from '../form/compare-marks';
import { formMarks } from '../share/form-marks';
import { LiveBar, LiveShareAction } from '../live/LiveActions';

// The YAML tab needs two chunks, the view and the editor (Monaco, monaco-yaml and its
// workers): both are requested at once, not one after the other, and already when the pointer
// or the focus reaches the tab, so a click finds them loaded or on their way.
// Once prefetched, a view renders without suspending (preloadable), so the click shows it at once.
const codeView = preloadable(() => import('../code/CodeView'));
const loadCodeView = () =>
  Promise.all([
    import('../code/MonacoPane'),
    codeView
      .load()
      .then(() => import('../code/CodeView'))
      .then((m) => m.preloadEditor()),
  ]);
const sorterView = preloadable(() => import('../sorter/SorterView'));
const simView = preloadable(() => import('../sim/SimView'));
const diagramView = preloadable(() => import('../diagram/DiagramView'));
const CodeView = codeView.Component;
const SorterView = sorterView.Component;
const SimView = simView.Component;
const DiagramView = diagramView.Component;
const PREFETCH: Partial<Record<Tab, () => Promise<unknown>>> = {
  yaml: loadCodeView,
  sorter: sorterView.load,
  simulate: simView.load,
  diagram: diagramView.load,
};
const prefetched = new Set<Tab>();

function prefetchTab(tab: Tab): void {
  const load = PREFETCH[tab];
  if (!load || prefetched.has(tab)) return;
  prefetched.add(tab);
  load().catch(() => prefetched.delete(tab)); // offline or a failed chunk: the click tries again
}

const TABS: { tab: Tab; label: string }[] = [
  { tab: 'form', label: 'Form' },
  { tab: 'yaml', label: 'YAML' },
  { tab: 'sorter', label: 'Sorter' },
  { tab: 'simulate', label: 'Simulate' },
  { tab: 'diagram', label: 'Diagram' },
];

/** What each tab's error boundary calls it. */
const PANEL_NAMES: Record<Tab, string> = {
  form: 'The form',
  yaml: 'The code view',
  sorter: 'The key sorter',
  simulate: 'The simulation',
  diagram: 'The diagram',
};

function ClusterLine({ design }: { design: Design }) {
  const inst = instanceOf(design);
  const storage = inst.storage;
  const tables = design.tables.length;
  const replicated = inst.clusters.length > 1 ? ` · ${inst.clusters.length} clusters` : '';
  // What each cluster is declared with, in the capacity plan's words (capacity/wording.ts).
  const sizes = [
    ...new Set(
      inst.clusters.map((c) => (c.autoscaling ? `${c.autoscaling.minNodes} to ${nodesText(c.autoscaling.maxNodes)} (autoscaled)` : nodesText(c.nodes))),
    ),
  ];
  return (
    <p className="design-meta">
      {plural(tables, 'table')}
      {replicated} · {inst.source === 'none' ? 'no cluster declared' : sizes.join(', ')}
      {replicated && sizes.length === 1 ? ' each' : ''} · {storage.toUpperCase()}
    </p>
  );
}

function CommandButton({ id, className }: { id: CommandId; className?: string }) {
  const cmd = COMMANDS.find((c) => c.id === id)!;
  const enabled = useStudio((s) => cmd.enabled(s));
  return (
    <button type="button" className={className} disabled={!enabled} onClick={() => cmd.perform(useStudio.getState())}>
      {cmd.label.replace(' this design', '')}
    </button>
  );
}

function TextIssuesBanner({ doc, tab }: { doc: DesignDoc; tab: Tab }) {
  if (doc.textIssues.length === 0) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="text-errors">
      <p>
        <strong>The YAML has errors.</strong> {tab === 'yaml' ? 'The other views' : 'This form'} show the last valid design; editing the form replaces the YAML
        text. {tab !== 'yaml' && <a href={designHref(doc.id, null, 'yaml')}>Open the YAML</a>}
      </p>
      <IssueList issues={doc.textIssues.slice(0, 5)} />
      <button type="button" onClick={() => useStudio.getState().revertText(doc.id)}>
        Discard the YAML changes
      </button>
    </div>
  );
}

/** Over a copy opened from a share link: save it to my designs (under a name no design has), or leave it. */
function SharedBanner({ doc }: { doc: DesignDoc }) {
  const [savedId, setSavedId] = useState<string | null>(null);
  const names = useStudio(useShallow((s) => s.docOrder.filter((id) => id !== doc.id && !s.docs[id]?.shared).map((id) => s.docs[id]!.design.name)));
  // "A design you already have": one of my own (not shared) designs with the link's name.
  const mineId = useStudio((s) => s.docOrder.find((id) => id !== doc.id && !s.docs[id]?.shared && s.docs[id]?.design.name === doc.design.name) ?? null);
  const mine = useStudio((s) => (mineId ? s.docs[mineId]?.design : undefined));
  const [comparing, setComparing] = useState(false);
  // The version the link came from, when this browser holds it (a three-way merge); null: two-way.
  const [base, setBase] = useState<{ design: Design; label: string } | null>(null);
  if (!doc.shared && savedId !== doc.id) return null;
  const from = linkBaseOf(doc.id);
  const compare = async () => {
    const v = await findBase(from).catch(() => null);
    setBase(
      v
        ? {
            design: v.design,
            label: `${versionLabel(v).toLowerCase()} of ${new Date(v.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`,
          }
        : null,
    );
    setComparing(true);
  };
  return (
    <>
      {comparing && mine && mineId && doc.shared && (
        <LazyCompareDialog
          mine={mine}
          theirs={doc.design}
          base={base}
          baseMissing={!base && from !== undefined}
          onClose={() => {
            setComparing(false);
            clearChangesInForm(doc.id);
          }}
          onShowInForm={(changes) => {
            setComparing(false);
            showChangesInForm({ docId: doc.id, marks: formMarks(doc.design, changes), back: () => setComparing(true) });
            navigate(designHref(doc.id));
          }}
          onTake={(design, label) => {
            const r = useStudio.getState().editDesign(mineId, () => design, { label });
            if (!r.ok) return r.issues.map((i) => `${i.path ? `${i.path}: ` : ''}${i.message}`);
            // The link's version is now the last one exchanged: my next link names it as its base.
            void setOrigin(mineId, doc.design, 'link');
            navigate(designHref(mineId));
            return [];
          }}
        />
      )}
      <LazySharedLinkBanner
        design={doc.design}
        existingNames={names}
        {...(mine && doc.shared ? { onCompare: () => void compare() } : {})}
        onSave={(design) => {
          const received = doc.design;
          useStudio.getState().keepShared(doc.id, design.name);
          void setOrigin(doc.id, received, 'link');
          setSavedId(doc.id);
        }}
        onDismiss={() => {
          setSavedId(null);
          if (!useStudio.getState().docs[doc.id]?.shared) return;
          useStudio.getState().replaceExternal({ [doc.id]: null });
          navigate(galleryHref());
        }}
      />
    </>
  );
}

function tableIndex(doc: DesignDoc, tableName: string | null): number {
  return tableName === null ? 0 : doc.design.tables.findIndex((t) => t.name === tableName);
}

function SideEstimates({ doc, tableName }: { doc: DesignDoc; tableName: string | null }) {
  const { analysis } = useLint(doc.design);
  const ti = tableIndex(doc, tableName);
  return ti >= 0 ? <EstimatesPanel analysis={analysis} ti={ti} /> : null;
}

function SideCapacity({ doc }: { doc: DesignDoc }) {
  const { analysis } = useLint(doc.design);
  return <LazyCapacityPanel design={doc.design} analysis={analysis} />;
}
function SideFindings({ doc, tableName, tab }: { doc: DesignDoc; tableName: string | null; tab: Tab }) {
  const { findings } = useVerifiedLint(doc.design).result;
  const ti = tableIndex(doc, tableName);
  return <FindingsPanel docId={doc.id} findings={findings} table={tab === 'form' ? (doc.design.tables[ti]?.name ?? null) : null} />;
}

/** Estimates (with the query plans) and findings, each in its own error boundary. */
function SidePanels({ doc, tableName, tab }: { doc: DesignDoc; tableName: string | null; tab: Tab }) {
  return (
    <aside className="design-side" aria-label="Findings and estimates">
      <PanelBoundary name="Estimates" resetKey={doc.design}>
        <SideEstimates doc={doc} tableName={tableName} />
      </PanelBoundary>
      <PanelBoundary name="Capacity" resetKey={doc.design}>
        <SideCapacity doc={doc} />
      </PanelBoundary>
      <PanelBoundary name="Findings" resetKey={doc.design}>
        <SideFindings doc={doc} tableName={tableName} tab={tab} />
      </PanelBoundary>
    </aside>
  );
}

function TabBody({ doc, tab, selected }: { doc: DesignDoc; tab: Tab; selected: string | null }) {
  const { analysis } = useLint(doc.design);
  switch (tab) {
    case 'form':
      return <DesignForm doc={doc} selected={selected} analysis={analysis} />;
    case 'yaml':
      return <CodeView docId={doc.id} />;
    case 'sorter':
      return <SorterView docId={doc.id} />;
    case 'simulate':
      return <SimView docId={doc.id} />;
    case 'diagram':
      return <DiagramView doc={doc} />;
    default: {
      const never: never = tab;
      throw new Error(`unknown tab ${String(never)}`);
    }
  }
}

/** The design view bound to the store. */
export function DesignView() {
  const openId = useStudio((s) => s.openDesignId);
  const doc = useStudio(selectOpenDoc);
  const selected = useStudio((s) => s.selectedTable);
  const tab = useStudio((s) => s.designTab);
  useFollowingAddress(doc?.id ?? null);
  // The view arrives after a lazy load (the gallery's scroll was clamped meanwhile): start at its top.
  const shownId = doc?.id ?? null;
  useLayoutEffect(() => {
    if (shownId) window.scrollTo(0, 0);
  }, [shownId]);
  const bookId = doc && !doc.shared ? doc.id : null;
  useEffect(() => {
    if (bookId) void loadBook(bookId);
  }, [bookId]);
  return <DesignPage openId={openId} doc={doc} selected={selected} tab={tab} />;
}

export interface DesignPageProps {
  /** The id in the address, shown when no design has it. */
  openId: string | null;
  doc: DesignDoc | undefined;
  /** The table in the address; null for the first table. */
  selected: string | null;
  tab: Tab;
}

/** The design view as a function of its props, so it renders anywhere (tests render it on the server). */
export function DesignPage({ openId, doc, selected, tab }: DesignPageProps) {
  const withSide = tab === 'form' || tab === 'yaml';
  const tabs = useMemo(() => TABS.map((t) => ({ ...t, href: doc ? designHref(doc.id, selected, t.tab) : '#' })), [doc, selected]);

  if (!doc) {
    return (
      <section className="view notice" data-testid="design-missing">
        <h1>No such design</h1>
        <p>
          There is no design with the id <code>{openId ?? ''}</code>. <a href={galleryHref()}>Open the gallery</a>.
        </p>
      </section>
    );
  }
  return (
    <section className="view design" data-testid="design-view">
      <header className="design-header">
        <div className="design-title-row">
          <h1>{doc.design.name}</h1>
          <div className="design-actions">
            <ShareAction design={doc.design} from={() => (doc.shared ? undefined : linkBaseFor(doc.id, doc.design))} />
            <LiveShareAction docId={doc.id} />
            <ExportAction design={doc.design} tableName={selected} />
            {!doc.shared && <HistoryAction docId={doc.id} />}
            <CommandButton id="design.duplicate" />
            <CommandButton id="design.delete" className="danger" />
          </div>
        </div>
        <PanelBoundary name="The summary" resetKey={doc.design}>
          <Summary doc={doc} selected={selected} />
        </PanelBoundary>
        <ClusterLine design={doc.design} />
        {doc.design.description && (
          <Section id="about" title="About this design" className="design-about">
            <p className="design-description">{doc.design.description}</p>
          </Section>
        )}
      </header>
      <LiveBar docId={doc.id} />
      <SharedBanner key={doc.id} doc={doc} />
      <TextIssuesBanner doc={doc} tab={tab} />
      <nav className="tabs view-tabs" aria-label="Views of this design" onPointerEnter={() => prefetchTab('yaml')}>
        {tabs.map((t) => (
          <a
            key={t.tab}
            className="tab"
            href={t.href}
            aria-current={t.tab === tab ? 'page' : undefined}
            data-testid={`tab-${t.tab}`}
            onPointerEnter={() => prefetchTab(t.tab)}
            onFocus={() => prefetchTab(t.tab)}
          >
            {t.label}
          </a>
        ))}
      </nav>
      <div className={withSide ? 'design-body with-side' : 'design-body'}>
        <div className="design-main">
          <PanelBoundary key={tab} name={PANEL_NAMES[tab]} resetKey={doc.design}>
            <Suspense fallback={<p className="notice">Loading…</p>}>
              <TabBody doc={doc} tab={tab} selected={selected} />
            </Suspense>
          </PanelBoundary>
        </div>
        {withSide && <SidePanels doc={doc} tableName={tab === 'form' ? selected : null} tab={tab} />}
      </div>
    </section>
  );
}
