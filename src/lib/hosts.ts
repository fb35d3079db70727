/** Stock-photo hosts: a partner logo from one is shown as the name in text, a hero image not at all. */
const STOCK_HOSTS = ['unsplash.com', 'pexels.com', 'pixabay.com', 'shutterstock.com', 'istockphoto.com', 'gettyimages.com', 'freepik.com', 'stock.adobe.com'];

export function isStockPhoto(src: string): boolean {
  if (!/^https?:/i.test(src)) return false;
  try {
    const host = new URL(src).hostname;
    return STOCK_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
}
