import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { recommendationStrings } from './strings';

export const recommendationStringsHi: Catalogue<typeof recommendationStrings> = {
  title: 'आपके लिए सुझाव',
  personalLead: 'आपने जो देखा और सहेजा, उसके आधार पर आपके लिए चुने गए।',
  popularLead: 'अभी Streamly पर लोकप्रिय। कुछ टाइटल देखें, फिर आपके अपने सुझाव यहाँ दिखेंगे।',
  visitorLead: 'अभी Streamly पर लोकप्रिय। अपने सुझाव पाने के लिए साइन इन करें और कुछ टाइटल देखें।',
  similarLead: 'इस जैसे टाइटल।',
  empty: 'अभी सुझाने के लिए कुछ नहीं है। नए टाइटल जल्द आ रहे हैं।',
  similarEmpty: 'अभी इस जैसे कोई टाइटल नहीं हैं।',
  unknownTitle: 'हमें वह टाइटल नहीं मिला, इसलिए उससे मिलाने के लिए कुछ नहीं है।',
  allRecommendations: 'सभी सुझाव देखें',
  loading: 'सुझाव लोड हो रहे हैं...',
  moreLikeThis: 'इस जैसे और',
  trendingEmpty: 'अभी कुछ ट्रेंड नहीं कर रहा। थोड़ी देर बाद देखें।',
};
