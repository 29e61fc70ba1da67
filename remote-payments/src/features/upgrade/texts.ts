import { createTranslator, type Dictionaries, type Language } from 'shared-contracts';

/** Every user-facing text of the upgrade sheet (English; other languages fall back to it). */
const dictionaries = {
  en: {
    title: 'Insufficient cloud storage',
    subtitle: 'Upgrade to Premium and enjoy 2TB of cloud storage',
    close: 'Close',
    benefits: 'Premium benefits',
    benefitStorage: '2TB Cloud Storage',
    benefitSave: 'Unlimited Cloud Save',
    benefitAcceleration: 'Download Acceleration',
    benefitCloudDownload: 'Download Cloud Download',
    benefitSmoothPlay: 'Smooth Play',
    choosePlan: 'Choose your plan',
    plans: 'Plans',
    perDay: '${price}/day',
    newUserDiscount: 'New User Discount',
    price: '${price}',
    originalPrice: 'Original price ${price}',
    loadingPlans: 'Loading plans...',
    plansFailed: 'Plans could not be loaded.',
    retry: 'Try again',
    legal: 'Legal',
    userAgreement: 'User agreement',
    privacyPolicy: 'Privacy policy',
    autoRenewal: 'Auto-Renewal Agreement',
    purchase: 'Purchase in App for ${amount}',
    pay: 'Pay',
    // The standalone page's release line (developers only: the sheet shows none).
    release: 'Plans v{release}',
  },
} satisfies Dictionaries<string>;

export type TextKey = keyof (typeof dictionaries)['en'];

export function translatorFor(language: Language) {
  return createTranslator<TextKey>(dictionaries, language);
}
