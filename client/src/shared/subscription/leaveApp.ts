/** Leaves the app for a Stripe page (Checkout or the Billing Portal). One place, so tests can stand in for it. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
