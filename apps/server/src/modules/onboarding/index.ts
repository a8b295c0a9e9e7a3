/** runMode 2 registration extras: customer-service contact with a welcome, the automatic group. */
export { createOnboarding, type Onboarding } from './onboarding.service';
