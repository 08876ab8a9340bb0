lookup('classes', { merge => unique }).include
