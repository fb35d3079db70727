// Where an address no page answers goes, by pages-data/redirects.json (D17): what the router asks
// when it finds no page for a path. The redirects are fetched then, and only then: they can grow
// with the site's history, and no page's first load carries them.
import { type RedirectRule, redirectsFilePath, redirectTarget } from '../lib/redirects';

let rules: Promise<RedirectRule[]> | undefined;

/** The page `pathname` redirects to, if any; undefined too when the redirects could not be fetched (the not-found page shows). */
export async function redirectFor(pathname: string): Promise<string | undefined> {
  rules ??= fetch(redirectsFilePath).then((res) => {
    if (!res.ok) throw new Error(`${redirectsFilePath}: ${res.status}`);
    return res.json() as Promise<RedirectRule[]>;
  });
  try {
    return redirectTarget(await rules, pathname);
  } catch {
    rules = undefined;
    return undefined;
  }
}
