import { Anchor, Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconExternalLink, IconFileText, IconTag, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isStockPhoto } from '../../lib/hosts';
import { telUrl } from '../../lib/mail';
import { Picture } from '../../ui/Picture';
import { external, InternalLink } from '../../ui/actions';
import { ItemList } from '../../ui/ItemList';
import { ProductCard } from '../../ui/ProductCard';
import { ResponsiveGrid } from '../../ui/ResponsiveGrid';
import type { BlockComponentProps } from '../registry';
import { Section } from '../Section';

export function PartnerProfile({ partner, products, productCount, allProducts }: BlockComponentProps<'partner-profile'>) {
  // A picture from a stock-photo host is not the brand's: its logo is written as the name and its
  // picture left out.
  const logo = isStockPhoto(partner.logo) ? undefined : partner.logo;
  const heroImage = isStockPhoto(partner.image) ? undefined : partner.image;
  const contact = partner.contactInfo ?? {};
  const hasContact = Boolean(partner.established || contact.email || contact.phone || contact.address);
  return (
    <>
      <Box component="section" className="hero">
        <Container size="xl" className="hero-inner">
          <ResponsiveGrid cols={{ base: 1, md: heroImage ? 2 : 1 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="md" align="flex-start">
              <Box className="partner-logo-plate">
                {logo ? (
                  <Picture src={logo} alt={`${partner.name} logo`} className="brand-logo-large" />
                ) : (
                  <Text fw={800} fz={28} c="dark.8">
                    {partner.name}
                  </Text>
                )}
              </Box>
              {partner.isOfficialDistributor && (
                <Badge size="lg" variant="white" color="brand.8">
                  Official Distributor
                </Badge>
              )}
              <Title order={1} c="white" className="hero-title">
                {partner.name}
              </Title>
              <Text size="lg" c="brand.0" maw={620}>
                {partner.description}
              </Text>
              <Group gap="sm">
                <Button component="a" href={partner.websiteUrl} {...external} variant="white" rightSection={<IconExternalLink size={18} aria-hidden />}>
                  Visit Website
                </Button>
                {partner.productCatalogUrl && (
                  <Button component="a" href={partner.productCatalogUrl} {...external} variant="outline" color="white" leftSection={<IconFileText size={18} aria-hidden />}>
                    Product Catalogue
                  </Button>
                )}
              </Group>
            </Stack>
            {heroImage && <Picture src={heroImage} alt={`${partner.name} products`} className="hero-image" />}
          </ResponsiveGrid>
        </Container>
      </Box>
      <Section title={`About ${partner.name}`} id="about-partner" background="grey">
        <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {partner.specialties.length > 0 && (
            <InfoCard icon={<IconTag size={20} aria-hidden />} title="Specialties">
              <ItemList size="sm" gap={2}>{partner.specialties.map((s) => <li key={s}>{s}</li>)}</ItemList>
            </InfoCard>
          )}
          <InfoCard icon={<IconTag size={20} aria-hidden />} title="Category">
            <Text size="sm">{partner.category}</Text>
          </InfoCard>
          {partner.certification && partner.certification.length > 0 && (
            <InfoCard icon={<IconCertificate size={20} aria-hidden />} title="Certifications">
              <ItemList size="sm" gap={2}>{partner.certification.map((s) => <li key={s}>{s}</li>)}</ItemList>
            </InfoCard>
          )}
          {partner.countries && partner.countries.length > 0 && (
            <InfoCard icon={<IconWorld size={20} aria-hidden />} title="Operating countries">
              <Text size="sm">{partner.countries.join(', ')}</Text>
            </InfoCard>
          )}
        </ResponsiveGrid>
        <Card withBorder radius="md" padding="lg" mt="lg">
          <Title order={3} fz="h4" mb="sm">
            Contact information
          </Title>
          {hasContact && (
            <dl className="facts">
              {partner.established && <Fact label="Established">{partner.established}</Fact>}
              {contact.email && <Fact label="Email"><Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor></Fact>}
              {contact.phone && <Fact label="Phone"><Anchor href={telUrl(contact.phone)}>{contact.phone}</Anchor></Fact>}
              {contact.address && <Fact label="Address">{contact.address}</Fact>}
            </dl>
          )}
          <Button component="a" href={partner.websiteUrl} {...external} mt="md" variant="outline" rightSection={<IconExternalLink size={18} aria-hidden />}>
            Visit Partner Website
          </Button>
        </Card>
      </Section>
      {products.length > 0 && (
        <Section title={`${partner.name} products`} id="partner-products">
          <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={20}>
            {products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ResponsiveGrid>
          {allProducts && (
            <p className="partner-all-products">
              <InternalLink to={allProducts} className="mantine-focus-auto link">
                {productCount === 1 ? `The ${partner.name} product in its listing` : `All ${productCount} ${partner.name} products`}
              </InternalLink>
            </p>
          )}
        </Section>
      )}
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="xs" c="brand.7">
        {icon}
        <Title order={3} fz="h5" c="dark.8">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
