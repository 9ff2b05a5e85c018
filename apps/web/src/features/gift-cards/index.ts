// Gift cards: the organisation's gift cards, listed, added, renamed and deleted.

export { giftCardsFeature } from './gift-cards.feature';
