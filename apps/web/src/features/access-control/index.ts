// Access control: a client's membership card, their landing page.

export { accessControlFeature } from './access-control.feature';
