//! hiera-eyaml's PKCS7 encryptor, decrypting: an RSA private key and the certificate
//! `eyaml createkeys` made with it (PEM files), and a CMS/PKCS#7 EnvelopedData (RSA key
//! transport, AES-CBC content) as `OpenSSL::PKCS7#decrypt` reads it. Failures carry the
//! words Ruby's OpenSSL gives them, which Puppet shows after `Error was`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use aes::cipher::{block_padding::Pkcs7, BlockDecryptMut, KeyIvInit};
use cms::content_info::ContentInfo;
use cms::enveloped_data::{EnvelopedData, RecipientIdentifier, RecipientInfo};
use der::{Decode, Encode, SliceReader};
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::{Pkcs1v15Encrypt, RsaPrivateKey, RsaPublicKey};
use x509_cert::Certificate;

const ID_ENVELOPED_DATA: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("1.2.840.113549.1.7.3");
const AES_128_CBC: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.1.2");
const AES_192_CBC: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.1.22");
const AES_256_CBC: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.1.42");

/// What `OpenSSL::PKey::RSA.new` makes of the private key file: usually a private key;
/// a public key is accepted too (and then decrypts nothing).
pub(crate) enum PrivateKey {
    Private(Box<RsaPrivateKey>),
    Public(RsaPublicKey),
}

impl PrivateKey {
    /// The key of a PEM (or DER) text, or OpenSSL's complaint.
    pub(crate) fn parse(text: &[u8]) -> Result<PrivateKey, String> {
        let der_forms = |der: &[u8]| -> Option<PrivateKey> {
            if let Ok(k) = RsaPrivateKey::from_pkcs1_der(der) {
                return Some(PrivateKey::Private(Box::new(k)));
            }
            if let Ok(k) = RsaPrivateKey::from_pkcs8_der(der) {
                return Some(PrivateKey::Private(Box::new(k)));
            }
            if let Ok(k) = RsaPublicKey::from_public_key_der(der) {
                return Some(PrivateKey::Public(k));
            }
            RsaPublicKey::from_pkcs1_der(der)
                .ok()
                .map(PrivateKey::Public)
        };
        let key = der_forms(text).or_else(|| {
            pem_blocks(text).find_map(|(label, der)| match label.as_str() {
                "RSA PRIVATE KEY" | "PRIVATE KEY" | "PUBLIC KEY" | "RSA PUBLIC KEY" => {
                    der_forms(&der)
                }
                _ => None,
            })
        });
        key.ok_or_else(|| "Neither PUB key nor PRIV key: unsupported".to_string())
    }

    fn public(&self) -> RsaPublicKey {
        match self {
            PrivateKey::Private(k) => k.to_public_key(),
            PrivateKey::Public(k) => k.clone(),
        }
    }
}

/// What decryption needs of the certificate: who issued it, its serial number (which
/// name the recipient) and its public key.
pub(crate) struct Recipient {
    issuer: Vec<u8>,
    serial: Vec<u8>,
    public_key: Option<RsaPublicKey>,
}

impl Recipient {
    /// The certificate of a PEM (or DER) text, or OpenSSL's complaint.
    pub(crate) fn parse(text: &[u8]) -> Result<Recipient, String> {
        let cert = Certificate::from_der(text).ok().or_else(|| {
            pem_blocks(text).find_map(|(label, der)| match label.as_str() {
                "CERTIFICATE" | "X509 CERTIFICATE" | "TRUSTED CERTIFICATE" => {
                    Certificate::from_der(&der).ok()
                }
                _ => None,
            })
        });
        let Some(cert) = cert else {
            return Err("PEM_read_bio_X509: no start line".into());
        };
        let tbs = &cert.tbs_certificate;
        let public_key = tbs
            .subject_public_key_info
            .to_der()
            .ok()
            .and_then(|spki| RsaPublicKey::from_public_key_der(&spki).ok());
        Ok(Recipient {
            issuer: tbs.issuer.to_der().unwrap_or_default(),
            serial: tbs.serial_number.as_bytes().to_vec(),
            public_key,
        })
    }
}

/// The `-----BEGIN label-----` blocks of a text, decoded, as OpenSSL's PEM reader finds
/// them (anything between blocks is skipped).
fn pem_blocks(text: &[u8]) -> impl Iterator<Item = (String, Vec<u8>)> + '_ {
    let text = String::from_utf8_lossy(text).into_owned();
    let mut blocks = Vec::new();
    let mut rest = text.as_str();
    while let Some(begin) = rest.find("-----BEGIN ") {
        let after = &rest[begin + 11..];
        let Some(label_end) = after.find("-----") else {
            break;
        };
        let label = after[..label_end].to_string();
        let body_start = &after[label_end + 5..];
        let end_marker = format!("-----END {label}-----");
        let Some(end) = body_start.find(&end_marker) else {
            break;
        };
        let body = &body_start[..end];
        // Headers (`Proc-Type:`, an encrypted key) are not base64: such a key fails.
        if !body.contains(':') {
            if let Some(der) = strict_base64(body) {
                blocks.push((label, der));
            }
        }
        rest = &body_start[end + end_marker.len()..];
    }
    blocks.into_iter()
}

/// Base64 without whitespace, strictly (a PEM body).
fn strict_base64(body: &str) -> Option<Vec<u8>> {
    let clean: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    if !clean.len().is_multiple_of(4) || clean.trim_end_matches('=').contains('=') {
        return None;
    }
    let clean_bytes = clean.as_bytes();
    if !clean_bytes
        .iter()
        .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
    {
        return None;
    }
    Some(crate::blocks::decode64(&clean))
}

/// A key file's parsed content, or OpenSSL's complaint about it.
pub(crate) type Parsed<T> = Arc<Result<T, String>>;

/// Decrypted values, by key pair and ciphertext: a fleet's compiles decrypt each block
/// once. Keys are parsed once per distinct file content.
#[derive(Default)]
pub(crate) struct Cache {
    private_keys: Memo<Vec<u8>, Parsed<PrivateKey>>,
    recipients: Memo<Vec<u8>, Parsed<Recipient>>,
    plaintexts: Memo<BlockId, Result<Arc<[u8]>, String>>,
}

/// A block for a key pair: the key's and the certificate's addresses in the cache,
/// and the block's DER.
type BlockId = (usize, usize, Vec<u8>);

/// Values computed once per key.
struct Memo<K, V>(Mutex<HashMap<K, V>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(Mutex::new(HashMap::new()))
    }
}

impl<K: std::hash::Hash + Eq, V: Clone> Memo<K, V> {
    fn get_or(&self, key: K, compute: impl FnOnce(&K) -> V) -> V {
        if let Some(hit) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return hit.clone();
        }
        // Computed unlocked: other compiles go on meanwhile (two may compute the same).
        let value = compute(&key);
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_insert(value)
            .clone()
    }
}

impl Cache {
    pub(crate) fn private_key(&self, pem: Vec<u8>) -> Parsed<PrivateKey> {
        self.private_keys
            .get_or(pem, |pem| Arc::new(PrivateKey::parse(pem)))
    }

    pub(crate) fn recipient(&self, pem: Vec<u8>) -> Parsed<Recipient> {
        self.recipients
            .get_or(pem, |pem| Arc::new(Recipient::parse(pem)))
    }

    /// `OpenSSL::PKCS7.new(der).decrypt(key, cert)`. The key and certificate are
    /// those this cache handed out (they live as long as it does, so their addresses
    /// name them).
    pub(crate) fn decrypt(
        &self,
        key: &Parsed<PrivateKey>,
        recipient: &Parsed<Recipient>,
        der: &[u8],
    ) -> Result<Arc<[u8]>, String> {
        let (Ok(k), Ok(r)) = (&**key, &**recipient) else {
            return Err("decrypt error".into());
        };
        let id = (
            Arc::as_ptr(key) as usize,
            Arc::as_ptr(recipient) as usize,
            der.to_vec(),
        );
        self.plaintexts
            .get_or(id, |_| decrypt(k, r, der).map(Arc::from))
    }
}

/// `OpenSSL::PKCS7.new(der)` then `#decrypt(key, cert)`, with OpenSSL's messages.
pub(crate) fn decrypt(key: &PrivateKey, cert: &Recipient, der: &[u8]) -> Result<Vec<u8>, String> {
    let unparsable = || "Could not parse the PKCS7: no start line".to_string();
    // Like `d2i_PKCS7_bio`, read the first object and ignore what follows it.
    let mut reader = SliceReader::new(der).map_err(|_| unparsable())?;
    let info = ContentInfo::decode(&mut reader).map_err(|_| unparsable())?;
    if info.content_type != ID_ENVELOPED_DATA {
        return Err("wrong content type".into());
    }
    let enveloped: EnvelopedData = info.content.decode_as().map_err(|_| unparsable())?;
    // `X509_check_private_key`.
    if cert.public_key.as_ref() != Some(&key.public()) {
        return Err("private key does not match certificate".into());
    }
    let decrypt_error = || "decrypt error".to_string();
    let encrypted_key = enveloped
        .recip_infos
        .0
        .iter()
        .find_map(|ri| match ri {
            RecipientInfo::Ktri(ktri) => match &ktri.rid {
                RecipientIdentifier::IssuerAndSerialNumber(ias)
                    if ias.serial_number.as_bytes() == cert.serial.as_slice()
                        && ias.issuer.to_der().ok().as_deref() == Some(cert.issuer.as_slice()) =>
                {
                    Some(ktri.enc_key.as_bytes())
                }
                _ => None,
            },
            _ => None,
        })
        .ok_or_else(decrypt_error)?;
    let content = &enveloped.encrypted_content;
    let algorithm = &content.content_enc_alg;
    let key_len = match algorithm.oid {
        AES_128_CBC => 16,
        AES_192_CBC => 24,
        AES_256_CBC => 32,
        _ => return Err(decrypt_error()),
    };
    let iv = algorithm
        .parameters
        .as_ref()
        .and_then(|p| p.decode_as::<der::asn1::OctetString>().ok())
        .filter(|iv| iv.as_bytes().len() == 16)
        .ok_or_else(decrypt_error)?;
    let ciphertext = content
        .encrypted_content
        .as_ref()
        .map(|c| c.as_bytes())
        .unwrap_or_default();
    if ciphertext.is_empty() || !ciphertext.len().is_multiple_of(16) {
        return Err("wrong final block length".into());
    }
    // OpenSSL decrypts with a random key when the key transport fails (against
    // padding oracles), so the content's padding is what fails: "bad decrypt".
    let bad_decrypt = || "bad decrypt".to_string();
    let PrivateKey::Private(private) = key else {
        return Err(bad_decrypt());
    };
    let content_key = private
        .decrypt(Pkcs1v15Encrypt, encrypted_key)
        .ok()
        .filter(|k| k.len() == key_len)
        .ok_or_else(bad_decrypt)?;
    let iv = iv.as_bytes();
    let plain = match key_len {
        16 => cbc::Decryptor::<aes::Aes128>::new_from_slices(&content_key, iv)
            .map_err(|_| bad_decrypt())?
            .decrypt_padded_vec_mut::<Pkcs7>(ciphertext),
        24 => cbc::Decryptor::<aes::Aes192>::new_from_slices(&content_key, iv)
            .map_err(|_| bad_decrypt())?
            .decrypt_padded_vec_mut::<Pkcs7>(ciphertext),
        _ => cbc::Decryptor::<aes::Aes256>::new_from_slices(&content_key, iv)
            .map_err(|_| bad_decrypt())?
            .decrypt_padded_vec_mut::<Pkcs7>(ciphertext),
    };
    plain.map_err(|_| bad_decrypt())
}
