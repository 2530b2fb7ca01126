// The text of the SMS that carries a phone verification code, in the user's language and signed with
// the product's name: a bare "code 153356" from an unknown number reads like a scam. The local
// verifier sends it as is; Twilio Verify writes its own template in the same language (`locale`),
// naming the Verify service's friendly name, which the operator sets to the product's name.

import { PHONE_CODE_TTL_SECONDS, type UiLanguage } from '@partage/graphql';

const MINUTES = PHONE_CODE_TTL_SECONDS / 60;

const TEXTS: Record<UiLanguage, (code: string) => string> = {
  fr: (code) => `Partage : votre code de vérification est ${code}. Il est valide ${MINUTES} minutes. Ne le communiquez à personne.`,
  en: (code) => `Partage: your verification code is ${code}. It is valid for ${MINUTES} minutes. Do not share it with anyone.`,
};

export const phoneCodeSms = (code: string, language: UiLanguage): string => TEXTS[language](code);
