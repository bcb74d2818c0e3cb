// The start page: one card per example design; a card opens the design.
import { designHref } from '../routing';
import { useStudio, type DesignEntry } from '../store';

function CardMeta({ entry }: { entry: DesignEntry }) {
  if (!entry.ok) {
    const n = entry.issues.length;
    return <p className="card-meta card-meta-error">Does not load: {n === 1 ? '1 issue' : `${n} issues`}</p>;
  }
  const tables = entry.design.tables;
  return (
    <p className="card-meta">
      {tables.length === 1 ? '1 table' : `${tables.length} tables`}
      {tables.length > 0 && ': '}
      {tables.map((t) => t.name).join(', ')}
    </p>
  );
}

export function Gallery() {
  const designs = useStudio((s) => s.designs);
  return (
    <section className="view gallery" data-testid="gallery">
      <h1>Example designs</h1>
      <p className="lead">
        Open an example to see its row keys: an example key coloured by field, and generated keys in the order
        Bigtable stores them.
      </p>
      {designs.length === 0 ? (
        <p className="notice">No example designs are bundled with this build.</p>
      ) : (
        <ul className="cards">
          {designs.map((d) => (
            <li key={d.id}>
              <a className="card" href={designHref(d.id)} data-testid="gallery-card" data-design-id={d.id}>
                <h2 className="card-title">{d.title}</h2>
                <p className="card-summary">{d.summary}</p>
                <CardMeta entry={d} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
