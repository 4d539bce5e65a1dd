import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A key and a certificate for 127.0.0.1 that no authority signed, made by the machine's openssl for one test file. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const directory = mkdtempSync(path.join(tmpdir(), "alex-certificate-"));
  try {
    const [key, cert] = [path.join(directory, "key.pem"), path.join(directory, "cert.pem")];
    const request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1"];
    execFileSync("openssl", [...request, "-keyout", key, "-out", cert], { stdio: "ignore" });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
