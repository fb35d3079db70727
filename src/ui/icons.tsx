import {
  IconAlertTriangle, IconAtom, IconAward, IconBook, IconBriefcase, IconBuilding, IconBulb, IconCertificate,
  IconChartBar, IconCheck, IconClock, IconDna, IconDroplet, IconEye, IconFileText, IconFilter, IconFlame,
  IconFlask, IconBuildingFactory, IconHeadset, IconHeart, IconHeartHandshake, IconLeaf, IconLock, IconMail,
  IconMapPin, IconMicroscope, IconMilk, IconPackage, IconPhone, IconPill, IconPlant2, IconRecycle, IconScale,
  IconScaleOutline, IconSchool, IconSearch, IconSettings, IconShieldCheck, IconSnowflake, IconStar,
  IconStethoscope, IconTarget, IconTemperature, IconTestPipe, IconTool, IconTruck, IconUsers, IconWind, IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { IconName } from '../../schemas/primitives';

/** Every icon name content may use. A name added to the schema without an icon here fails typecheck. */
export const icons: Record<IconName, Icon> = {
  flask: IconFlask, microscope: IconMicroscope, droplet: IconDroplet, scale: IconScaleOutline,
  temperature: IconTemperature, filter: IconFilter, stethoscope: IconStethoscope, shield: IconShieldCheck,
  leaf: IconLeaf, milk: IconMilk, plant: IconPlant2, 'test-pipe': IconTestPipe, atom: IconAtom, dna: IconDna,
  building: IconBuilding, school: IconSchool, heart: IconHeart, pill: IconPill, tools: IconTool, truck: IconTruck,
  certificate: IconCertificate, award: IconAward, users: IconUsers, clock: IconClock, phone: IconPhone,
  mail: IconMail, 'map-pin': IconMapPin, world: IconWorld, check: IconCheck, target: IconTarget, eye: IconEye,
  bulb: IconBulb, chart: IconChartBar, file: IconFileText, lock: IconLock, recycle: IconRecycle,
  alert: IconAlertTriangle, headset: IconHeadset, package: IconPackage, settings: IconSettings, star: IconStar,
  handshake: IconHeartHandshake, scales: IconScale, flame: IconFlame, wind: IconWind, snowflake: IconSnowflake,
  search: IconSearch, book: IconBook, briefcase: IconBriefcase, factory: IconBuildingFactory,
};
