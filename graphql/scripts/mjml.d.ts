// The part of mjml's API the e-mail codegen uses (the package ships no types).
declare module 'mjml' {
  interface MjmlError {
    formattedMessage: string;
  }
  export default function mjml2html(
    mjml: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; keepComments?: boolean },
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
