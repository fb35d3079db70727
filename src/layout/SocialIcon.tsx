import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube, type Icon } from '@tabler/icons-react';
import type { SiteDocument } from '../../schemas/site';

const byNetwork: Record<SiteDocument['social'][number]['network'], Icon> = {
  facebook: IconBrandFacebook, linkedin: IconBrandLinkedin, x: IconBrandX, instagram: IconBrandInstagram, youtube: IconBrandYoutube,
};

export function SocialIcon({ network, size }: { network: SiteDocument['social'][number]['network']; size: number }) {
  const Icon = byNetwork[network];
  return <Icon size={size} aria-hidden />;
}
