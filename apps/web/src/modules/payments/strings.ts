import type { Quality, SubscriptionStatus } from '@app/contracts';

/**
 * Every visible text of payments (namespace `payments`): /subscription, /payment-success, the access panel, the
 * profile tabs (SPEC 2, 8). Prices, amounts and dates come in formatted (formatInr, formatPaymentDate): '₹1,200'.
 */
export const paymentStrings = {
  testMode: 'TEST MODE',

  // Issue 27: billing details (GST invoices)
  billingDetails: 'Billing details',
  billingDetailsLead:
    'Printed on your GST tax invoices from your next payment; invoices already issued stay as they are.',
  billingState: 'State',
  billingStateAsk: 'Your state (for the GST invoice)',
  chooseState: 'Choose your state',
  billingStateNeeded: 'Choose your state for the GST invoice first.',
  gstin: 'GSTIN (optional, for businesses)',
  saveBillingDetails: 'Save',
  savingBillingDetails: 'Saving...',
  billingDetailsSaved: 'Billing details saved.',
  billingDetailsFailed: 'Billing details could not be saved.',

  // Issue 27: the free trial
  trialTitle_one: 'Try {{plan}} free for {{count}} day',
  trialTitle_other: 'Try {{plan}} free for {{count}} days',
  trialLead_one:
    'Checkout only authorises your UPI or card mandate. Cancel before the trial ends and you pay nothing; otherwise {{plan}} is {{price}} every month from then.',
  trialLead_other:
    'Checkout only authorises your UPI or card mandate. Cancel before the trial ends and you pay nothing; otherwise {{plan}} is {{price}} every {{count}} months from then.',
  startTrial: 'Start free trial',
  trialUntil: 'Free trial until {{date}}',

  // Issue 27: promo codes (the server applies them; its refusals are in the viewer's words already)
  promoLabel: 'Promo code',
  promoHint: 'Optional. The price after its discount shows in Checkout before you pay.',
  promoApplied: 'Promo code {{code}} applied: {{listPrice}} → {{amount}}. Complete the payment in Checkout.',
  promoAppliedPlan_one:
    'Promo code {{code}} applied: {{amount}} for the first month, then {{price}}/month. Complete the payment in Checkout.',
  promoAppliedPlan_other:
    'Promo code {{code}} applied: {{amount}} for the first {{count}} months, then {{price}} every {{count}} months. Complete the payment in Checkout.',
  testModeHint: 'Test mode: no real money moves.',

  // SPEC 8 "Payment"
  success: 'Payment successful!',
  verificationFailed: 'Payment verification failed. Please contact support.',
  createOrderFailed: 'Failed to create order',
  processFailed: 'Failed to process payment. Please try again.',
  invalidMovieId: 'Invalid movie ID',
  dismissed: 'Payment cancelled. You have not been charged.',
  /** DECISIONS 33: the gateway's refusal for an account whose email is not verified. */
  verifyEmailFirst: 'Please verify your email before paying.',

  // /subscription (SPEC 2)
  choosePlan: 'Choose Your Plan',
  choosePlanLead: 'Every plan streams the whole free catalogue. Cancel at any time.',
  plansLabel: 'Plans',
  planPrice_one: '{{price}} / {{count}} month',
  planPrice_other: '{{price}} / {{count}} months',
  perMonth: '{{amount}} per month',
  /**
   * A plan card's lines, written from the plan's facts (plan-features.ts) in the catalogue's words
   * (payment-service plan-catalogue.ts), so they read in the interface's language.
   */
  planFeatures: {
    free: {
      '480p': 'Free titles up to 480p',
      '720p': 'Free titles up to 720p',
      '1080p': 'Free titles up to 1080p',
      best: 'Free titles in the best quality available',
    } satisfies Record<Quality, string>,
    premiumIncluded: {
      '480p': 'Premium titles included, up to 480p',
      '720p': 'Premium titles included, up to 720p',
      '1080p': 'Premium titles included, up to 1080p',
      best: 'Premium titles included, in the best quality available',
    } satisfies Record<Quality, string>,
    premiumBuyOrRent: 'Premium titles: buy or rent',
    earlyAccess: 'Early access to new releases',
    screens_one: 'Watch on {{count}} screen at a time',
    screens_other: 'Watch on {{count}} screens at a time',
  },
  subscribeNow: 'Subscribe Now for {{price}}',
  processing: 'Processing...',
  signInToSubscribe: 'Sign in to subscribe. Your chosen plan is kept.',
  plansLoading: 'Loading plans...',
  plansFailed: 'Could not load the plans.',
  tryAgain: 'Try Again',
  forTitle: 'Subscribe to watch "{{title}}".',

  // /payment-success (SPEC 2, DECISIONS 31)
  paymentSuccessful: 'Payment Successful!',
  paymentSuccessLead: 'Thank you. A receipt is on its way to your inbox.',
  goHome: 'Go to home',
  continueWatching: 'Continue watching {{title}}',

  // The access panel (DECISIONS 6-8, 26, 27)
  accessHeading: 'Your access',
  /** A kids profile is shown no prices and no way to pay (issue 25): this instead. */
  askGrownUp: 'Ask a grown-up to unlock this title.',
  accessLoading: 'Checking your access...',
  includedIn: 'You can watch this: included in {{plan}}',
  adminAccess: 'You can watch this: admins can watch every title',
  freeToWatch: 'Free to watch',
  youOwnThis: 'You own this',
  rentedHoursLeft: 'Rented: {{hours}} h left',
  rentedMinutesLeft_one: 'Rented: {{count}} minute left',
  rentedMinutesLeft_other: 'Rented: {{count}} minutes left',
  rentedDaysToStart_one: 'Rented: {{count}} day to start',
  rentedDaysToStart_other: 'Rented: {{count}} days to start',
  rentalEnded: 'Your rental has ended',
  /** `ways`: the ways in below, as a list ("subscribe from ₹499, buy ₹1,200 or rent ₹500"). */
  premiumOffer: 'Premium title: {{ways}}',
  wayPlan: 'subscribe from {{price}}',
  wayBuy: 'buy {{price}}',
  wayRent: 'rent {{price}}',
  noWayIn: 'This title cannot be bought or rented right now.',
  /** Issue 28 (DECISIONS 41): after the licence end, for anyone who neither bought it nor is renting it. */
  licenceEnded: 'This title is no longer available to stream.',
  signInToWatch: 'Sign in to watch',
  signInFree: 'Free with a Streamly account.',
  signInLine: 'With an account: {{ways}}.',
  signIn: 'Sign In',
  join: 'Join Streamly',
  subscribeFrom: 'Subscribe from {{price}}',
  subscribe: 'Subscribe',
  buy: 'Buy {{price}}',
  watchNowPrice: 'Watch Now ({{price}})',
  watchNow: 'Watch Now',
  rent: 'Rent {{price}}',
  rentTitle: 'Rent this title',
  rentHours: '48 hours',
  rentStartWindow: 'Start within 30 days, then watch for 48 hours.',
  rentNow: 'Rent Now',
  /** A title the viewer may watch but that has no media yet (issue 10). */
  comingSoon: 'Coming soon: this title cannot be played yet.',

  // Card badges: what the viewer has of a title (DECISIONS 7, 8)
  badges: {
    owned: 'Owned',
    /** SPEC's badge, on a premium title the viewer cannot watch yet. */
    subscriptionRequired: 'Subscription Required',
    rentalEnded: 'Rental ended',
    /** Issue 28: the licence ended; only buyers and running rentals still play it. */
    licenceEnded: 'No longer available',
    /** While the access answer is missing (payments unavailable): what the title is, not what the viewer has. */
    premium: 'Premium',
  },

  // Profile: Subscription tab (SPEC 2)
  subscriptionTitle: 'Subscription',
  subscriptionLoading: 'Loading your subscription...',
  subscriptionFailed: 'Could not load your subscription.',
  currentPlan: 'Current plan',
  amountPerMonth: 'Amount per month',
  status: 'Status',
  nextBilling: 'Next billing',
  access: 'Access',
  perMonthShort: '{{amount}} / month',
  activeUntil: 'Active until {{date}}',
  changesTo: 'Changes to {{plan}} on {{date}}',
  statuses: {
    created: 'Awaiting payment',
    authenticated: 'Starting',
    active: 'Active',
    pending: 'Payment retrying',
    halted: 'Halted',
    cancelled: 'Cancelled',
    completed: 'Completed',
  } satisfies Record<SubscriptionStatus, string>,
  changePlan: 'Change Plan',
  /** The Change Plan toggle while the plans are open: not "Cancel", which sits beside it for the subscription. */
  hidePlans: 'Hide plans',
  plansToChange: 'Choose a new plan',
  currentPlanBadge: 'Your plan',
  choose: 'Switch to {{plan}}',
  changeStartsNote: 'Your new plan starts when the current period ends. Nothing is charged twice.',
  cancelSubscription: 'Cancel Subscription',
  cancelling: 'Cancelling...',
  cancelConfirmTitle: 'Cancel your subscription?',
  cancelKeepsAccess: 'You keep access until {{date}}',
  cancelNoRenewal: 'Your plan will not renew and nothing more is charged.',
  keepSubscription: 'Keep Subscription',
  cancelled: 'Subscription cancelled. You keep access until the end of the paid period.',
  changeFailed: 'Failed to change plan',
  cancelFailed: 'Failed to cancel subscription',
  noSubscription: 'No active subscription.',
  subscribeTo: 'Subscribe to {{plan}}',

  // Profile: My titles (DECISIONS 22)
  myTitles: 'My titles',
  myTitlesLead: 'Titles you bought or rented.',
  myTitlesLoading: 'Loading your titles...',
  myTitlesFailed: 'Could not load your titles.',
  myTitlesEmpty: 'No purchases or rentals yet.',
  browse: 'Browse movies',
  purchased: 'Bought on {{date}}',
  rented: 'Rented on {{date}}',
  ownedForever: 'Yours to keep',
  hoursLeft: '{{hours}} h left',
  minutesLeft_one: '{{count}} minute left',
  minutesLeft_other: '{{count}} minutes left',
  daysToStart_one: '{{count}} day to start',
  daysToStart_other: '{{count}} days to start',
  ended: 'Ended',

  // Profile: Billing (issue 27)
  billingLead: 'Your payments, refunds, GST tax invoices and credit notes.',
  billingLoading: 'Loading your billing history...',
  billingFailed: 'Could not load your billing history.',
  billingEmpty: 'No payments yet.',
  nextCharge: 'Next charge: {{plan}} plan, {{amount}} on {{date}}',
  billingKinds: {
    payment: 'Payment',
    refund: 'Refund',
    invoice: 'Tax invoice',
    'credit-note': 'Credit note',
  },
  downloadPdf: 'Download PDF',
  downloadLabel: 'Download {{number}} as PDF',
  downloadFailed: 'Could not download the PDF. Please try again.',
} as const;
