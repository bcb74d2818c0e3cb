import { galleryHref } from '../routing';

export function NotFound() {
  return (
    <section className="view notice" data-testid="not-found">
      <h1>Nothing here</h1>
      <p>
        This address does not name a view of the studio. <a href={galleryHref()}>Open the gallery</a>.
      </p>
    </section>
  );
}
