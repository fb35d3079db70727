import { Anchor, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import site from 'virtual:site';
import { external } from './actions';

/**
 * The embedded map (contact page, home contact section). The map service is heavy and from another
 * host, so the frame is created only when the visitor scrolls near it; until then, and wherever the
 * frame never loads, the same box shows the address and a link to open the map.
 */
export function MapEmbed() {
  const box = useRef<HTMLDivElement>(null);
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
  return (
    <div ref={box} className="map">
      <div className="map-fallback">
        <IconMapPin size={28} aria-hidden />
        <Text fw={600}>{place}</Text>
        <Anchor href={site.map.linkUrl} {...external}>
          Open in Google Maps
        </Anchor>
      </div>
      {near && <iframe className="map-frame" title={`Map: ${place}`} src={site.map.embedUrl} width={1200} height={360} referrerPolicy="no-referrer-when-downgrade" />}
    </div>
  );
}
