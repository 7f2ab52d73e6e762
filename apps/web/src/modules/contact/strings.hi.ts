import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { contactStrings } from './strings';

export const contactStringsHi: Catalogue<typeof contactStrings> = {
  heading: 'हमें संदेश भेजें',
  firstName: 'पहला नाम',
  lastName: 'उपनाम',
  email: 'ईमेल',
  companyName: 'कंपनी का नाम',
  serviceInterested: 'किस सेवा में रुचि है',
  message: 'संदेश',
  send: 'संदेश भेजें',
  sending: 'संदेश भेजा जा रहा है...',
  sent: 'संदेश भेज दिया गया!',
  failed: 'संदेश नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  services: {
    streaming: 'स्ट्रीमिंग सदस्यता',
    titles: 'टाइटल ख़रीदना या किराये पर लेना',
    partnerships: 'साझेदारी',
    advertising: 'विज्ञापन',
    press: 'प्रेस',
    other: 'कुछ और',
  },
};
