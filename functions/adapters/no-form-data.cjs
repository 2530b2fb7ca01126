// Stands in for the `form-data` package in the bundles that carry the Twilio SDK (twilio-bundling.ts):
// the SDK sends url-encoded bodies only, so axios never builds a multipart body there.
module.exports = class FormData {
  constructor() {
    throw new Error('Multipart bodies are not bundled in this Lambda');
  }
};
