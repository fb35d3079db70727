import { Helmet } from 'react-helmet-async';
import site from 'virtual:site';
import type { PageMeta } from '../../schemas/page';
import { headData, SHARE_SIZE } from '../lib/head';

/** The one place a page's head is written: title, description, canonical, robots, share tags. */
export function Head({ meta, canonical, home, share }: { meta: PageMeta; canonical: string; home: boolean; share?: string | undefined }) {
  const h = headData(site, meta, canonical, home, share);
  return (
    <Helmet>
      <title>{h.title}</title>
      <meta name="description" content={h.description} />
      <meta name="keywords" content={h.keywords} />
      <meta name="robots" content={h.robots} />
      {h.canonical && <link rel="canonical" href={h.canonical} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={h.title} />
      <meta property="og:description" content={h.description} />
      {h.canonical && <meta property="og:url" content={h.canonical} />}
      <meta property="og:image" content={h.image} />
      {share && <meta property="og:image:type" content="image/jpeg" />}
      {share && <meta property="og:image:width" content={String(SHARE_SIZE.width)} />}
      {share && <meta property="og:image:height" content={String(SHARE_SIZE.height)} />}
      <meta property="og:image:alt" content={h.imageAlt} />
      <meta property="og:locale" content="en_KE" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={h.title} />
      <meta name="twitter:description" content={h.description} />
      <meta name="twitter:image" content={h.image} />
      <meta name="twitter:image:alt" content={h.imageAlt} />
    </Helmet>
  );
}
