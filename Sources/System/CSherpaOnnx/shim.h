// CSherpaOnnx: the few declarations of sherpa-onnx's C API (c-api.h of sherpa-onnx-core 2.0.1) that the
// NeuralVoice wrapper calls, written out here so the build never needs sherpa-onnx: the library is loaded at run
// time with dlopen and these function-pointer types are what dlsym's results are cast to. Nothing is linked.
// The struct layouts must match 2.0.1 field for field (same order, same types); NeuralVoice checks the loaded
// library's version string before it uses them.
#include <stdint.h>

typedef struct MarksSherpaOfflineTtsVitsModelConfig {
    const char *model;
    const char *lexicon;
    const char *tokens;
    const char *data_dir;
    float noise_scale;
    float noise_scale_w;
    float length_scale;
    const char *dict_dir;
} MarksSherpaOfflineTtsVitsModelConfig;

typedef struct MarksSherpaOfflineTtsMatchaModelConfig {
    const char *acoustic_model;
    const char *vocoder;
    const char *lexicon;
    const char *tokens;
    const char *data_dir;
    float noise_scale;
    float length_scale;
    const char *dict_dir;
} MarksSherpaOfflineTtsMatchaModelConfig;

typedef struct MarksSherpaOfflineTtsKokoroModelConfig {
    const char *model;
    const char *voices;
    const char *tokens;
    const char *data_dir;
    float length_scale;
    const char *dict_dir;
    const char *lexicon;
    const char *lang;
} MarksSherpaOfflineTtsKokoroModelConfig;

typedef struct MarksSherpaOfflineTtsKittenModelConfig {
    const char *model;
    const char *voices;
    const char *tokens;
    const char *data_dir;
    float length_scale;
    const char *lexicon;
} MarksSherpaOfflineTtsKittenModelConfig;

typedef struct MarksSherpaOfflineTtsZipvoiceModelConfig {
    const char *tokens;
    const char *encoder;
    const char *decoder;
    const char *vocoder;
    const char *data_dir;
    const char *lexicon;
    float feat_scale;
    float t_shift;
    float target_rms;
    float guidance_scale;
} MarksSherpaOfflineTtsZipvoiceModelConfig;

typedef struct MarksSherpaOfflineTtsPocketModelConfig {
    const char *lm_flow;
    const char *lm_main;
    const char *encoder;
    const char *decoder;
    const char *text_conditioner;
    const char *vocab_json;
    const char *token_scores_json;
    int32_t voice_embedding_cache_capacity;
} MarksSherpaOfflineTtsPocketModelConfig;

typedef struct MarksSherpaOfflineTtsSupertonicModelConfig {
    const char *duration_predictor;
    const char *text_encoder;
    const char *vector_estimator;
    const char *vocoder;
    const char *tts_json;
    const char *unicode_indexer;
    const char *voice_style;
} MarksSherpaOfflineTtsSupertonicModelConfig;

typedef struct MarksSherpaOfflineTtsModelConfig {
    MarksSherpaOfflineTtsVitsModelConfig vits;
    int32_t num_threads;
    int32_t debug;
    const char *provider;
    MarksSherpaOfflineTtsMatchaModelConfig matcha;
    MarksSherpaOfflineTtsKokoroModelConfig kokoro;
    MarksSherpaOfflineTtsKittenModelConfig kitten;
    MarksSherpaOfflineTtsZipvoiceModelConfig zipvoice;
    MarksSherpaOfflineTtsPocketModelConfig pocket;
    MarksSherpaOfflineTtsSupertonicModelConfig supertonic;
} MarksSherpaOfflineTtsModelConfig;

typedef struct MarksSherpaOfflineTtsConfig {
    MarksSherpaOfflineTtsModelConfig model;
    const char *rule_fsts;
    int32_t max_num_sentences;
    const char *rule_fars;
    float silence_scale;
} MarksSherpaOfflineTtsConfig;

typedef struct MarksSherpaGeneratedAudio {
    const float *samples;
    int32_t n;
    int32_t sample_rate;
} MarksSherpaGeneratedAudio;

typedef struct MarksSherpaGenerationConfig {
    float silence_scale;
    float speed;
    int32_t sid;
    const float *reference_audio;
    int32_t reference_audio_len;
    int32_t reference_sample_rate;
    const char *reference_text;
    int32_t num_steps;
    const char *extra;
    const int32_t *phoneme_codepoints;
    const int32_t *phoneme_codepoints_lens;
    int32_t phoneme_codepoints_num_sentences;
    const char *const *tokens;
    const int32_t *tokens_lens;
    int32_t tokens_num_sentences;
} MarksSherpaGenerationConfig;

/// The opaque TTS handle.
typedef struct MarksSherpaOfflineTts MarksSherpaOfflineTts;

typedef int32_t (*MarksSherpaProgressCallbackWithArg)(const float *samples, int32_t n, float p, void *arg);

// The functions, as pointer types for dlsym's results.
typedef const char *(*MarksSherpaGetVersionStr)(void);
typedef const MarksSherpaOfflineTts *(*MarksSherpaCreateOfflineTts)(const MarksSherpaOfflineTtsConfig *config);
typedef void (*MarksSherpaDestroyOfflineTts)(const MarksSherpaOfflineTts *tts);
typedef int32_t (*MarksSherpaOfflineTtsSampleRate)(const MarksSherpaOfflineTts *tts);
typedef const MarksSherpaGeneratedAudio *(*MarksSherpaOfflineTtsGenerateWithConfig)(
    const MarksSherpaOfflineTts *tts, const char *text, const MarksSherpaGenerationConfig *config,
    MarksSherpaProgressCallbackWithArg callback, void *arg);
typedef void (*MarksSherpaDestroyOfflineTtsGeneratedAudio)(const MarksSherpaGeneratedAudio *audio);
