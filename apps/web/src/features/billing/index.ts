// Billing: a contact's contracts, invoices and payment cards (tabs of the contact page, filled
// through billing.feature.ts) and the billing overview page.

export { billingFeature } from './billing.feature';
export { AddCardForm, type CardFormErrors, cardFieldErrors } from './components/add-card-form';
export { BillingSummary } from './components/billing-parts';
export { ContractsTab } from './components/contracts-tab';
export { InvoicesTab } from './components/invoices-tab';
export { PaymentCardsTab } from './components/payment-cards-tab';
