import { Anchor, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import site from 'virtual:site';
import { external } from './actions';

/**
 * The embedded map (contact page, home contact section). The map service is heavy and from another
 * host, so the frame is created only when the visitor scrolls near it. A frame that fails shows the
 * browser's error page, which a page cannot see into, so the address and the link to the map sit
 * under the frame, where nothing covers them.
 */
export function MapEmbed() {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);
  const a = site.address;
  const place = `${a.building}, ${a.street}, ${a.city}`;
  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '300px 0px' });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  useFrameFocusRing(frame, near);
  return (
    <figure className="map">
      <div ref={box} className="map-box">
        <IconMapPin size={40} aria-hidden />
        {near && <iframe ref={frame} className="map-frame" title={`Map: ${place}`} src={site.map.embedUrl} width={1200} height={360} />}
      </div>
      <figcaption className="map-caption">
        <IconMapPin size={18} aria-hidden />
        <Text span fw={600}>
          {place}
        </Text>
        <Anchor href={site.map.linkUrl} {...external}>
          Open in Google Maps
        </Anchor>
      </figcaption>
    </figure>
  );
}

/**
 * Chromium does not match :focus on a frame whose own page holds the focus, so keyboard users would
 * lose sight of it: the frame is marked data-focused while the focus is inside it.
 */
function useFrameFocusRing(frame: RefObject<HTMLIFrameElement | null>, present: boolean) {
  useEffect(() => {
    if (!present) return;
    const mark = () => setTimeout(() => frame.current?.toggleAttribute('data-focused', document.activeElement === frame.current));
    // Focus leaving for the frame is a focusout with nothing taking it in this document.
    document.addEventListener('focusout', mark);
    document.addEventListener('focusin', mark);
    return () => {
      document.removeEventListener('focusout', mark);
      document.removeEventListener('focusin', mark);
    };
  }, [frame, present]);
}
