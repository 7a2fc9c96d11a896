"""The remote advisor's answer streams into the page where JavaScript is on, from a
stub OpenAI-compatible provider on loopback that sends its answer piece by piece."""
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.common.by import By

from helpers import click_and_wait, fill, go, page_text, skip_onboarding, submit_form, wait_for_text

PIECES = ["Keep ", "three ", "months ", "of expenses ", "aside."]


class Stub(BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        if body.get("stream"):
            # HTTP/1.0 without a length: the body ends when the connection closes.
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for piece in PIECES:
                time.sleep(0.8)
                self.wfile.write(("data: " + json.dumps({"choices": [{"delta": {"content": piece}}]}) + "\n\n").encode())
                self.wfile.flush()
            self.wfile.write(b'data: {"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":7}}\n\ndata: [DONE]\n\n')
            return
        answer = json.dumps({"choices": [{"message": {"role": "assistant", "content": "Start with the emergency fund."}}],
                             "usage": {"prompt_tokens": 40, "completion_tokens": 6}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


def ask(driver, question, wait=True):
    box = driver.find_element(By.ID, "advisor-q")
    box.clear()
    box.send_keys(question)
    button = driver.find_element(By.CSS_SELECTOR, "form.advisor-form button.primary")
    if wait:
        click_and_wait(driver, button)
    else:
        button.click()


def test_remote_answer_streams(server, browser_factory):
    stub = ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=stub.serve_forever, daemon=True).start()
    try:
        driver = browser_factory(language="en", size="phone")
        skip_onboarding(driver, server)
        go(driver, server, "/advisor/settings")
        fill(driver, {"provider": "remote", "baseURL": f"http://127.0.0.1:{stub.server_port}/v1"})
        submit_form(driver, "/advisor/settings")
        # The first answer is the built-in check-up; the next asks consent, then the provider answers.
        go(driver, server, "/advisor")
        ask(driver, "How big should my emergency fund be?")
        ask(driver, "Should I start investing?")
        assert "/advisor/consent" in driver.current_url
        submit_form(driver, "/advisor/ask")
        assert "Start with the emergency fund." in page_text(driver)
        # Now the answer streams: part of it shows before the provider has sent it all.
        go(driver, server, "/advisor")
        assert driver.find_elements(By.CSS_SELECTOR, "form[data-stream='/advisor/stream']")
        ask(driver, "Which debt should I pay first?", wait=False)
        partial = ""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            texts = driver.execute_script(
                "return Array.from(document.querySelectorAll('li.msg-advisor .msg-text')).map(function (e) { return e.textContent; });")
            last = texts[-1] if texts else ""
            if last.startswith("Keep") and "aside." not in last:
                partial = last
                break
            time.sleep(0.1)
        assert partial, "a part of the answer showed while it was still coming"
        # Then the page shows the stored answer (the script reloads the page to show it).
        assert wait_for_text(driver, "Keep three months of expenses aside.")
        assert driver.current_url.endswith("/advisor#latest")
        go(driver, server, "/advisor/settings")
        assert "gpt-4o-mini" in page_text(driver)
        assert driver.problems == [], "\n".join(driver.problems)
    finally:
        stub.shutdown()
