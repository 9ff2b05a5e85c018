// Home: the landing page at `/`, a card per module for owners and admins, the staff home for employees.

export { homeFeature } from './home.feature';
