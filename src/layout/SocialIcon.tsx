import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube, type Icon } from '@tabler/icons-react';
import site from 'virtual:site';
import type { SiteDocument } from '../../schemas/site';
import { external } from '../ui/actions';

const byNetwork: Record<SiteDocument['social'][number]['network'], Icon> = {
  facebook: IconBrandFacebook, linkedin: IconBrandLinkedin, x: IconBrandX, instagram: IconBrandInstagram, youtube: IconBrandYoutube,
};

export function SocialIcon({ network, size }: { network: SiteDocument['social'][number]['network']; size: number }) {
  const Icon = byNetwork[network];
  return <Icon size={size} aria-hidden />;
}

/** The site's social profiles as icon links (header and footer; .social-links in src/styles.css, plain links where Mantine's ActionIcon would cost a style attribute each). */
export function SocialLinks({ iconSize = 20 }: { iconSize?: number }) {
  return (
    <div className="social-links">
      {site.social.map((s) => (
        <a key={s.network} href={s.url} {...external} className="social-link mantine-focus-auto mantine-active" aria-label={s.label}>
          <SocialIcon network={s.network} size={iconSize} />
        </a>
      ))}
    </div>
  );
}
