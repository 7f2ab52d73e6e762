export { solveAltcha } from './altcha';
export type { AltchaChallenge } from './altcha';
export { dropDatabase, testMongoUri } from './mongo';
// Integration tests also need these two of the launcher; tools import @app/local-infra itself.
export { findFreePort, startNats, workspaceRoot } from '@app/local-infra';
export { acquireInfra } from './test-infra';
export type { Infra, InfraSource } from './test-infra';
export { startServiceUnderTest, suiteInfra, testNatsUrl } from './service-harness';
export { parseLines, startServiceProcess } from './service-process';
export type { LogLine, ServiceProcess } from './service-process';
export { startOutboxKillSuite } from './outbox-kill-suite';
export type { OutboxKillSuite, OutboxKillSuiteOptions } from './outbox-kill-suite';
export type { ServiceUnderTest } from './service-harness';
export { startSmtpOutbox } from './fakes/smtp-outbox';
export type { SmtpOutbox } from './fakes/smtp-outbox';
export { mailsIn, pollOutbox, readOutbox } from './outbox';
export { startRecaptchaFake } from './fakes/recaptcha-siteverify';
export type { RecaptchaFake } from './fakes/recaptcha-siteverify';
export { DEFAULT_GOOGLE_IDENTITY, startGoogleOAuthFake } from './fakes/google-oauth';
export type { GoogleIdentity, GoogleOAuthFake } from './fakes/google-oauth';
export { startOmdbFake } from './fakes/omdb-fake';
export type { OmdbFake, OmdbRecord } from './fakes/omdb-fake';
export { sampleTmdbData, startTmdbFake } from './fakes/tmdb-fake';
export type { TmdbFake, TmdbFakeData, TmdbMovie, TmdbReview } from './fakes/tmdb-fake';
export { describeServiceHealth } from './health-suite';
export { newId, uniqueSuffix } from './unique';
export { pdfText } from './pdf-text';
export { planEntitlement, progressReport } from './factories';
export { aHousehold } from './household';
export { startRazorpayFake } from './fakes/razorpay';
export type {
  CheckoutResponse,
  DeliverySwitches,
  PayMethod,
  PayTarget,
  RazorpayFake,
  RazorpayFakeOptions,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayPlanEntity,
  RazorpayRefundEntity,
  RazorpaySubscriptionEntity,
  SubscriptionOutcome,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventName,
} from './fakes/razorpay';
export { eventsOnStream } from './stream-events';
export { waitUntil } from './wait-until';
export { failure } from './failure';
export { memoryOutbox } from './event-outbox';
export * from './memo-lookups';
