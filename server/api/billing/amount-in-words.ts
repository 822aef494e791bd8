// An amount in words with Indian numbering (India reference §1.14), for a document's total:
// "One Lakh Twenty Thousand Rupees Only". The `to-words` package, locale en-IN.
import { ToWords } from 'to-words';

const toWords = new ToWords({ localeCode: 'en-IN' });

export function amountInWords(paise: number): string {
  if (!Number.isInteger(paise) || paise < 0) throw new Error('amountInWords takes whole paise, 0 or more');
  return toWords.convert(paise / 100, { currency: true });
}
