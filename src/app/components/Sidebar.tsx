// Left column: every design the studio knows, and the tables of the open one.
import { designHref, galleryHref } from '../routing';
import { useStudio, type DesignEntry } from '../store';

function TableLinks({ entry, selected }: { entry: DesignEntry & { ok: true }; selected: string | null }) {
  const tables = entry.design.tables;
  if (tables.length === 0) return <p className="side-empty">No tables</p>;
  const current = selected ?? tables[0]?.name;
  return (
    <ul className="side-tables" aria-label={`Tables of ${entry.design.name}`}>
      {tables.map((t) => (
        <li key={t.name}>
          <a href={designHref(entry.id, t.name)} aria-current={t.name === current ? 'page' : undefined}>
            {t.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar() {
  const designs = useStudio((s) => s.designs);
  const view = useStudio((s) => s.view);
  const openId = useStudio((s) => s.openDesignId);
  const selected = useStudio((s) => s.selectedTable);
  return (
    <nav className="sidebar" aria-label="Designs">
      <a className="side-gallery" href={galleryHref()} aria-current={view === 'gallery' ? 'page' : undefined}>
        Gallery
      </a>
      <h2 className="side-heading">Designs</h2>
      <ul className="side-designs">
        {designs.map((d) => {
          const open = d.id === openId;
          return (
            <li key={d.id} className={open ? 'open' : undefined}>
              <a href={designHref(d.id)} aria-current={open && view === 'design' ? 'true' : undefined}>
                {d.ok ? d.design.name : d.title}
                {!d.ok && <span className="badge badge-error">error</span>}
              </a>
              {open && d.ok && <TableLinks entry={d} selected={selected} />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
