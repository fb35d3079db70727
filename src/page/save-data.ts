// An inline script of every prerendered page (src/page/inline-scripts.ts: prerender.ts puts it at the top
// of the head; the Content-Security-Policy allows exactly this text by its hash, src/node/serve/headers.ts). When the
// browser asks to save data, the pictures of the page the browser loads are fetched only as they come
// into view, as those of a page opened inside the app are (src/ui/Picture.tsx): the browser's own lazy
// loading fetches pictures one to three screens ahead, and the server's HTML cannot vary by the
// Save-Data header (static hosts). The app's scripts arrive after the HTML is parsed, too late; this runs
// before the body is. As the parser inserts each lazy <img>, its src and srcset (and its <picture>'s
// sources') move to data- attributes, before the browser starts it (the preload scanner skips lazy
// pictures), and move back once the picture is in the window, unless the app has given it another
// address meanwhile. Without Save-Data, or without scripts, the page is as the server sent it. React
// leaves a hydrated <img>'s attributes as it finds them (it sets them only when its props change).
export const SAVE_DATA_SCRIPT = `navigator.connection?.saveData&&(()=>{
const move=(img,from,to)=>{for(const el of img.parentNode.localName=='picture'?img.parentNode.children:[img])for(const a of['src','srcset']){const v=el.getAttribute(from+a);if(v!=null){el.removeAttribute(from+a);el.hasAttribute(to+a)||el.setAttribute(to+a,v)}}},
seen=new IntersectionObserver(es=>{for(const e of es)if(e.isIntersecting){seen.unobserve(e.target);move(e.target,'data-','')}}),
parse=new MutationObserver(rs=>{for(const r of rs)for(const n of r.addedNodes)if(n.localName=='img'&&n.loading=='lazy'){move(n,'','data-');seen.observe(n)}});
parse.observe(document,{childList:true,subtree:true});
addEventListener('DOMContentLoaded',()=>parse.disconnect())})()`;
