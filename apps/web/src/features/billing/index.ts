// Billing: a contact's contracts, invoices and payment cards, and how the plan and payment status
// they set read on screen; the billing overview page. The contact page shows its tabs; the
// contacts list shows the status.

export { billingFeature } from './billing.feature';
export { NO_PLAN, PAYMENT_STATUS, PAYMENT_STATUS_ORDER, planText } from './billing-format';
export { AddCardForm, type CardFormErrors, cardFieldErrors } from './components/add-card-form';
export { BillingSummary } from './components/billing-parts';
export { ContractsTab } from './components/contracts-tab';
export { InvoicesTab } from './components/invoices-tab';
export { PaymentBadge } from './components/payment-badge';
export { PaymentCardsTab } from './components/payment-cards-tab';
