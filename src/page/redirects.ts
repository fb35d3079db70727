// Where an address no page answers goes, by pages-data/redirects.json (D17): what the router asks
// when it finds no page for a path. The redirects are fetched then, and only then: they can grow
// with the site's history, and no page's first load carries them.
import { redirectTarget } from '../lib/redirects';

let rules: Promise<{ default: { from: string; to: string }[] }> | undefined;

/** The page `pathname` redirects to, if any; undefined too when the redirects could not be fetched (the not-found page shows). */
export async function redirectFor(pathname: string): Promise<string | undefined> {
  rules ??= import('virtual:redirects');
  try {
    return redirectTarget((await rules).default, pathname);
  } catch {
    rules = undefined;
    return undefined;
  }
}
