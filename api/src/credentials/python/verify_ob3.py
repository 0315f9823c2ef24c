#!/usr/bin/env python3
"""Verifies an eddsa-rdfc-2022 DataIntegrityProof with Debian's python3-pyld and python3-cryptography.

A second lineage to the Digital Bazaar libraries the API signs with: its own canonicalisation
(pyld's URDNA2015, the same algorithm as RDFC-1.0), hashing and Ed25519 check. Reads
{"credential", "documents"} on stdin, where documents maps a URL (contexts, DID documents) to its
JSON: nothing is fetched. Prints {"verified": bool, "reason": str}.
"""
import base64
import copy
import datetime
import hashlib
import json
import sys
import zlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from pyld import jsonld

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58btc(text):
    number = 0
    for char in text:
        number = number * 58 + B58.index(char)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return b"\0" * (len(text) - len(text.lstrip("1"))) + raw


def multibase(value):
    if not value.startswith("z"):
        raise ValueError("not base58btc multibase")
    return base58btc(value[1:])


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def main():
    payload = json.load(sys.stdin)
    credential, documents = payload["credential"], payload["documents"]
    result = verify(credential, documents)
    if not result["verified"]:
        return result
    # VC 2.0 validity period: validFrom must have passed, validUntil not yet.
    now = datetime.datetime.now(datetime.timezone.utc)
    if "validFrom" in credential and instant(credential["validFrom"]) > now:
        return {"verified": False, "reason": "not yet valid"}
    if "validUntil" in credential and instant(credential["validUntil"]) <= now:
        return {"verified": False, "reason": "expired"}
    status = credential.get("credentialStatus")
    if not status:
        return result
    # Bitstring Status List: the list credential must verify too; a set bit is revoked.
    if status.get("type") != "BitstringStatusListEntry":
        return {"verified": False, "reason": "unknown status type"}
    status_list = documents.get(status["statusListCredential"])
    if status_list is None:
        return {"verified": False, "reason": "status list missing"}
    listed = verify(status_list, documents)
    if not listed["verified"]:
        return {"verified": False, "reason": "status list: " + listed["reason"]}
    encoded = status_list["credentialSubject"]["encodedList"]
    bits = zlib.decompress(base64.urlsafe_b64decode(encoded[1:] + "=" * (-len(encoded[1:]) % 4)), 31)
    index = int(status["statusListIndex"])
    if bits[index >> 3] & (0x80 >> (index & 7)):
        return {"verified": False, "reason": "revoked"}
    return result


def verify(credential, documents):
    def loader(url, options=None):
        base = url.split("#")[0]
        if base not in documents:
            raise jsonld.JsonLdError("not bundled: " + url, "jsonld.LoadDocumentError", code="loading document failed")
        return {"contextUrl": None, "documentUrl": url, "document": documents[base]}

    def canonical(document):
        return jsonld.normalize(
            document,
            {"algorithm": "URDNA2015", "format": "application/n-quads", "documentLoader": loader},
        )

    document = copy.deepcopy(credential)
    proof = document.pop("proof", None)
    if not isinstance(proof, dict) or proof.get("cryptosuite") != "eddsa-rdfc-2022":
        return {"verified": False, "reason": "no eddsa-rdfc-2022 proof"}
    options = {k: v for k, v in proof.items() if k != "proofValue"}
    options["@context"] = document["@context"]

    method_id = proof["verificationMethod"]
    did_document = documents.get(method_id.split("#")[0])
    methods = [m for m in (did_document or {}).get("verificationMethod", []) if m["id"] == method_id]
    if not methods:
        return {"verified": False, "reason": "unknown verification method"}
    # The key must be the issuer's own: one of its DID document's, controlled by its DID.
    issuer = credential.get("issuer")
    issuer_id = issuer.get("id") if isinstance(issuer, dict) else issuer
    if method_id.split("#")[0] != issuer_id or methods[0].get("controller") != issuer_id:
        return {"verified": False, "reason": "not the issuer's key"}
    key = multibase(methods[0]["publicKeyMultibase"])
    if key[:2] != b"\xed\x01":
        return {"verified": False, "reason": "not an Ed25519 multikey"}

    data = hashlib.sha256(canonical(options).encode()).digest() + hashlib.sha256(
        canonical(document).encode()
    ).digest()
    try:
        Ed25519PublicKey.from_public_bytes(key[2:]).verify(multibase(proof["proofValue"]), data)
    except InvalidSignature:
        return {"verified": False, "reason": "signature does not match"}
    return {"verified": True, "reason": ""}


if __name__ == "__main__":
    try:
        result = main()
    except Exception as error:  # a document the verifier cannot read fails, it does not crash
        result = {"verified": False, "reason": str(error)[:200]}
    print(json.dumps(result))
