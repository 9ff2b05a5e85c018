// Home: the admin landing page with a card per module the plan shows.

export { homeFeature } from './home.feature';
