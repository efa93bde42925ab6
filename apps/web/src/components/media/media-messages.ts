// spec 3 §8 strings the domain package does not carry yet (owned by the server engineers); move them there
// when it does.
export const mediaMessages = {
  saveFlowFailed: "Ooops - something's not right. We're working hard to fix it.",
  uploadSaved: 'Your file has been uploaded and saved',
} as const;
