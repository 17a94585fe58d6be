export {
  startFakePushService,
  type Delivery,
  type FakePushService,
  type FakeSubscription,
  type Rejection,
  type ScriptedAnswer,
} from './fake-push.js';
export { decryptAes128gcm, generateUserAgentKeys, type UserAgentKeys } from './aes128gcm.js';
export { checkVapid, vapidChecker, type VapidCheck, type VapidClaims } from './vapid.js';
