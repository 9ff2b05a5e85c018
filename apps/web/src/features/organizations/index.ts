// Organisations: the signed-in organisation's name, theme colour, logo, time zone and data
// visibility.

export { organizationsFeature } from './organizations.feature';
