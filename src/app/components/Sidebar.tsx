// Left column: the gallery, the user's designs (with a New button), and the open design's tables.
import { useShallow } from 'zustand/react/shallow';
import { designHref, galleryHref, navigate } from '../routing';
import { useStudio } from '../store';
import { LazyImportDropZone, SampleKeysAction } from './LazyPanels';
import type { DesignDoc } from '../studio/contract';

function TableLinks({ doc, selected }: { doc: DesignDoc; selected: string | null }) {
  const tables = doc.design.tables;
  if (tables.length === 0) return <p className="side-empty">No tables</p>;
  const current = selected ?? tables[0]?.name;
  return (
    <ul className="side-tables" aria-label={`Tables of ${doc.design.name}`}>
      {tables.map((t, i) => (
        <li key={`${i}:${t.name}`}>
          <a href={designHref(doc.id, t.name)} aria-current={t.name === current ? 'page' : undefined}>
            {t.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar() {
  const docs = useStudio(useShallow((s) => s.docOrder.map((id) => s.docs[id]).filter((d): d is DesignDoc => !!d)));
  const { view, openId, selected, conflicts, loading } = useStudio(
    useShallow((s) => ({
      view: s.view,
      openId: s.openDesignId,
      selected: s.selectedTable,
      conflicts: s.conflicts,
      loading: s.persist.mode === 'loading',
    })),
  );
  // While the saved designs are read and checked, their names as stored (links work: routing waits for them).
  const preview = useStudio((s) => (s.persist.mode === 'loading' ? s.savedPreview : null));
  return (
    <div className="sidebar">
      <nav className="side-nav" aria-label="Designs">
        <a className="side-gallery" href={galleryHref()} aria-current={view === 'gallery' ? 'page' : undefined}>
          Gallery
        </a>
        <div className="side-heading-row">
          <h2 className="side-heading">Your designs</h2>
          <button type="button" className="small-button" disabled={loading} onClick={() => navigate(designHref(useStudio.getState().newDesign()))}>
            New
          </button>
        </div>
        {docs.length === 0 && !loading && <p className="side-empty">None yet: open an example or start a new design.</p>}
        <ul className="side-designs" data-testid="design-list">
          {docs.map((d) => {
            const open = d.id === openId;
            return (
              <li key={d.id} className={open ? 'open' : undefined}>
                <a href={designHref(d.id)} aria-current={open && view === 'design' ? 'true' : undefined} data-testid="design-link" data-design-id={d.id}>
                  {d.design.name}
                  {d.textIssues.length > 0 && <span className="badge badge-error">YAML errors</span>}
                  {conflicts[d.id] && <span className="badge badge-error">changed elsewhere</span>}
                  {d.shared && <span className="badge">shared</span>}
                </a>
                {open && <TableLinks doc={d} selected={selected} />}
              </li>
            );
          })}
          {preview?.map((d) => (
            <li key={d.id}>
              <a href={designHref(d.id)} data-testid="design-link-pending" data-design-id={d.id}>
                {d.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SampleKeysAction onNewDesign={(design) => navigate(designHref(useStudio.getState().addDesign(design, { label: 'New design from sample keys' })))} />
      <LazyImportDropZone
        onNewDesign={(design, info) =>
          navigate(
            designHref(
              useStudio.getState().addDesign(design, {
                text: info.text,
                label: `Import ${info.fileName}`,
              }),
            ),
          )
        }
        openDesignName={view === 'design' && openId ? (docs.find((d) => d.id === openId)?.design.name ?? null) : null}
        onReplace={(design) => {
          if (openId)
            useStudio.getState().editDesign(openId, () => design, {
              label: 'Replace with an imported design',
            });
        }}
      />
    </div>
  );
}
