import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { landingStrings } from './strings';

export const landingStringsHi: Catalogue<typeof landingStrings> = {
  documentTitle: 'Streamly: फ़िल्में और टीवी शो ऑनलाइन देखें',
  tagline: 'अनगिनत फ़िल्में, टीवी शो और बहुत कुछ',
  pricing: 'शुरुआत {{price}} से। कभी भी रद्द करें।',
  getStartedPrompt: 'देखने के लिए तैयार हैं? अपनी सदस्यता बनाने के लिए अपना ईमेल डालें।',
  emailLabel: 'ईमेल पता',
  emailPlaceholder: 'ईमेल पता',
  getStarted: 'शुरू करें',
  trendingNow: 'अभी ट्रेंडिंग',
};
