package web

import (
	"crypto/subtle"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
)

// recoverer turns a panic in a handler into a 500 naming it, so that one
// bad request never stops the server.
func recoverer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("metz serve: panic on %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				writeError(w, r, http.StatusInternalServerError, fmt.Errorf("internal error: %v (the server goes on; please report it)", v))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// tokenCookie carries the access token once given in the URL.
const tokenCookie = "metz_token"

// guard checks the access token (when the server has one) and refuses a
// state-changing request that another site's page sent: a browser says
// where a request comes from in Sec-Fetch-Site and Origin, and only this
// server's own pages (or a client that is no browser, which sends
// neither) may write.
func (s *Server) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.opt.Token != "" {
			if s.exchangeToken(w, r) {
				return
			}
			if !s.tokenOK(r) {
				writeError(w, r, http.StatusUnauthorized, fmt.Errorf("access token missing or wrong: open the URL metz serve printed (it ends with ?token=…), or send Authorization: Bearer TOKEN"))
				return
			}
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && crossSite(r) {
			writeError(w, r, http.StatusForbidden, fmt.Errorf("cross-site %s refused: only metz's own pages may change the database", r.Method))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// exchangeToken answers a page opened with the right ?token= (the URL
// metz serve printed): the token goes into an HttpOnly, SameSite=Strict
// cookie, and the browser is sent to the same address without it, so
// that the token is in no address bar, history, link or printed footer.
// It reports whether it answered.
func (s *Server) exchangeToken(w http.ResponseWriter, r *http.Request) bool {
	q := r.URL.Query()
	if !q.Has("token") || (r.Method != http.MethodGet && r.Method != http.MethodHead) || !s.sameToken(q.Get("token")) {
		return false
	}
	http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: s.opt.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	q.Del("token")
	u := *r.URL
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
	return true
}

// tokenOK accepts the token's cookie or an Authorization: Bearer header
// (the scheme's name in any case, as HTTP has it).
func (s *Server) tokenOK(r *http.Request) bool {
	if c, err := r.Cookie(tokenCookie); err == nil && s.sameToken(c.Value) {
		return true
	}
	scheme, t, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	return ok && strings.EqualFold(scheme, "Bearer") && s.sameToken(strings.TrimSpace(t))
}

func (s *Server) sameToken(got string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.opt.Token)) == 1
}

// crossSite reports a request a browser sent from another site's page.
func crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "cross-site", "same-site":
		return true
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return false // not a browser's cross-origin request (curl, a script)
	}
	u, err := url.Parse(o)
	return err != nil || u.Host != r.Host
}
