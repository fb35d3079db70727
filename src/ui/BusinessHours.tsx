import site from 'virtual:site';

/** The one set of business hours (D2), wherever hours are shown. */
export function BusinessHours() {
  return (
    <dl className="hours">
      {site.hours.map((h) => (
        <div key={h.days}>
          <dt>{h.days}</dt>
          <dd>{h.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
