import type { ContactAnswer } from '@opsuite/shared';
import type { Resource } from '@opsuite/shared/rules/permissions';
import { type ComponentType, createContext, type LazyExoticComponent, lazy, useContext } from 'react';

// Places on another feature's screens that a feature fills from its *.feature.ts, so the screen's
// owner imports no other feature: a tab on the contact page (billing's contracts, invoices and
// cards today; documents, events, orders and e-mail to come) or a card on the staff home (staff's
// time clock). The router gathers every feature's
// slots and hands them to the signed-in frame, as it does the sidebar entries.

/** What a contact page tab receives. */
export interface ContactTabProps {
  contact: ContactAnswer;
}

export interface ContactTabSlot {
  /** The view's key in the address (?view=contracts). */
  value: string;
  label: string;
  /**
   * Where the tab sits among the contact page's views (ascending): the page's own views take
   * 10 to 80 and 110 (Activity), so a feature's tab chooses its place between them.
   */
  order: number;
  /** The tab shows only when the role may read this resource. */
  resource?: Resource;
  view: LazyExoticComponent<ComponentType<ContactTabProps>>;
}

/** A card on the staff home (`/` for an employee): the time clock today; tasks and alerts to come. */
export interface HomeCardSlot {
  key: string;
  title: string;
  /** Where the card sits among the home's cards (ascending). */
  order: number;
  /** The card shows only when the role may read this resource. */
  resource?: Resource;
  view: LazyExoticComponent<ComponentType>;
}

export interface Slots {
  contactTabs: readonly ContactTabSlot[];
  staffHomeCards: readonly HomeCardSlot[];
}

export const NO_SLOTS: Slots = { contactTabs: [], staffHomeCards: [] };

/** Every feature's slots, given to the signed-in frame by the router. */
export const SlotsContext = createContext<Slots>(NO_SLOTS);

export function useSlots(): Slots {
  return useContext(SlotsContext);
}

/** A slot's component, loaded with its feature's chunk when first shown. */
export function lazySlot<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The slots of every feature, each list in its order. */
export function slotsOf(features: readonly { slots?: Partial<Slots> }[]): Slots {
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  return {
    contactTabs: features.flatMap((feature) => feature.slots?.contactTabs ?? []).sort(byOrder),
    staffHomeCards: features.flatMap((feature) => feature.slots?.staffHomeCards ?? []).sort(byOrder),
  };
}
