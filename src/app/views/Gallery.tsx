// The start page: one card per example design. Opening a card opens your copy of it (made on
// first open, with the example's id); "New copy" always starts a fresh one.
import { plural } from '../../core/units';
import { useAfterPaint } from '../components/useAfterPaint';
import { designHref, navigate } from '../routing';
import { useStudio, type DesignEntry } from '../store';

function CardMeta({ entry }: { entry: DesignEntry }) {
  if (!entry.ok) {
    const n = entry.issues.length;
    return <p className="card-meta card-meta-error">Does not load: {n === 1 ? '1 issue' : `${n} issues`}</p>;
  }
  const tables = entry.design.tables;
  return (
    <p className="card-meta">
      {plural(tables.length, 'table')}
      {tables.length > 0 && ': '}
      {tables.map((t) => t.name).join(', ')}
    </p>
  );
}

export function Gallery() {
  const gallery = useStudio((s) => s.gallery);
  const docs = useStudio((s) => s.docs);
  const pending = useStudio((s) => s.savedPreview);
  // Each card's table list needs its example loaded (parsed and validated): after the first paint,
  // once the design model is there (it is, once the saved designs are read: persist/index.ts).
  const ready = useStudio((s) => s.persist.mode !== 'loading');
  const painted = useAfterPaint(ready);
  return (
    <section className="view gallery" data-testid="gallery">
      <h1>Example designs</h1>
      <p className="lead">
        Open an example to edit your own copy of it: its row keys coloured by field, the validator's findings with fixes, and generated keys in the order
        Bigtable stores them. Or{' '}
        <button type="button" className="link-button" disabled={!ready} onClick={() => navigate(designHref(useStudio.getState().newDesign()))}>
          start a new design
        </button>
        .
      </p>
      {gallery.length === 0 ? (
        <p className="notice">No example designs are bundled with this build.</p>
      ) : (
        <ul className="cards">
          {gallery.map((d) => (
            <li key={d.id} className="card-item">
              <a className="card" href={designHref(d.id)} data-testid="gallery-card" data-design-id={d.id}>
                <h2 className="card-title">{d.title}</h2>
                <p className="card-summary">{d.summary}</p>
                {painted ? (
                  <CardMeta entry={d} />
                ) : (
                  <p className="card-meta" aria-hidden="true">
                    &nbsp;
                  </p>
                )}
                {(docs[d.id] ?? pending?.some((p) => p.id === d.id)) && <p className="card-meta">Opens your copy</p>}
              </a>
              {painted && d.ok && (
                <button
                  type="button"
                  className="card-copy small-button"
                  aria-label={`New copy of ${d.title}`}
                  onClick={() => {
                    const id = useStudio.getState().openExample(d.id, { fresh: true });
                    if (id) navigate(designHref(id));
                  }}
                >
                  New copy
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
