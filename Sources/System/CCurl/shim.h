#include <curl/curl.h>

/// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic: Swift cannot call them, so one
/// typed wrapper per argument type.
static inline CURLcode ccurl_easy_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (the same signature).
static inline CURLcode ccurl_easy_set_data_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_easy_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_easy_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode ccurl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
/// CURL_ERROR_SIZE is a macro.
static inline int ccurl_error_size(void) { return CURL_ERROR_SIZE; }
/// CURL_WRITEFUNC_ERROR is a macro (curl 7.87+); returning it from a write callback aborts the transfer.
static inline size_t ccurl_write_abort(void) { return 0; }
