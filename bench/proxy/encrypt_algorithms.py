"""The encryption scenario's algorithms: each one's DistSQL for sbtest1's `c` and `pad`, and an
independent check (Python's `cryptography` and `hashlib`, not the engine) that a stored value is that
algorithm's encryption of the plain text.

AES, SM4 and RC4 are the cipher. MD5 and SM3 are digests that cannot be read back, so, as
ShardingSphere's EncryptRule allows only an algorithm that decrypts as the cipher, they are the
assisted query algorithm beside an AES cipher (ASSISTED_QUERY_ALGORITHM)."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import Callable, Optional

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

AES_KEY = "123456abc"  # the seed's aes-key-value
SM4_KEY = "4D744E003D713D054E7E407C350E447E"
RC4_KEY = "sqlroute-rc4-key"  # 128 bits, a key size the `cryptography` package takes for RC4
AES_TYPE = f'TYPE(NAME="AES",PROPERTIES("aes-key-value"="{AES_KEY}"))'


@dataclass(frozen=True)
class Algorithm:
    cipher_type: str  # the DistSQL TYPE(...) of the cipher
    cipher: Callable[[str], str]  # plain text -> the stored cipher text
    assisted_type: Optional[str] = None  # the DistSQL TYPE(...) of the assisted query algorithm
    assisted: Optional[Callable[[str], str]] = None  # plain text -> the stored assisted query value


def block_encrypt(algorithm, mode, plain: str) -> bytes:
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plain.encode()) + padder.finalize()
    encryptor = Cipher(algorithm, mode).encryptor()
    return encryptor.update(padded) + encryptor.finalize()


def aes(plain: str) -> str:
    # ShardingSphere's AES: AES/ECB/PKCS5Padding, the key the first 16 bytes of SHA-1(aes-key-value), Base64.
    key = hashlib.sha1(AES_KEY.encode()).digest()[:16]
    return base64.b64encode(block_encrypt(algorithms.AES(key), modes.ECB(), plain)).decode()


def sm4(plain: str) -> str:
    return block_encrypt(algorithms.SM4(bytes.fromhex(SM4_KEY)), modes.ECB(), plain).hex()


def rc4(plain: str) -> str:
    encryptor = Cipher(algorithms.ARC4(RC4_KEY.encode()), mode=None).encryptor()
    return base64.b64encode(encryptor.update(plain.encode())).decode()


def md5(plain: str) -> str:
    return hashlib.md5(plain.encode()).hexdigest()


def sm3(plain: str) -> str:
    return hashlib.new("sm3", plain.encode()).hexdigest()


ALGORITHMS = {
    "AES": Algorithm(AES_TYPE, aes),
    "MD5": Algorithm(AES_TYPE, aes, 'TYPE(NAME="MD5")', md5),
    "SM3": Algorithm(AES_TYPE, aes, 'TYPE(NAME="SM3")', sm3),
    "SM4": Algorithm(f'TYPE(NAME="SM4",PROPERTIES("sm4-key"="{SM4_KEY}","sm4-mode"="ECB",'
                     '"sm4-padding"="PKCS5Padding"))', sm4),
    "RC4": Algorithm(f'TYPE(NAME="RC4",PROPERTIES("rc4-key-value"="{RC4_KEY}"))', rc4),
}


def column_rule(column: str, algorithm: Algorithm) -> str:
    if algorithm.assisted_type is None:
        return f"(NAME={column}, CIPHER={column}_cipher, {algorithm.cipher_type})"
    return (f"(NAME={column}, CIPHER={column}_cipher, ASSISTED_QUERY={column}_assisted, {algorithm.cipher_type}, "
            f"ASSISTED_QUERY_ALGORITHM({algorithm.assisted_type}))")


def encrypt_rule(table: str, algorithm: Algorithm) -> str:
    return (f"CREATE ENCRYPT RULE {table} (\nCOLUMNS(\n{column_rule('c', algorithm)},\n"
            f"{column_rule('pad', algorithm)}));")
