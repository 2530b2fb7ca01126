/** Leaves the app for one of the payment provider's hosted pages (a module of its own, so that tests can stand in for the browser). */
export const leaveForProvider = (url: string): void => window.location.assign(url);
