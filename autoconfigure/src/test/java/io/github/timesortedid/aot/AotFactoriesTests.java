package io.github.timesortedid.aot;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The AOT engine ({@code spring-boot:process-aot}) finds the registrar and the processor where it
 * looks for them: in {@code META-INF/spring/aot.factories}. The sample app's AOT build runs both on
 * a real application ({@code AotModeTests} there).
 */
class AotFactoriesTests {

	private final AotServices.Loader aotFactories = AotServices.factories(getClass().getClassLoader());

	@Test
	void listTheRuntimeHintsRegistrar() {
		assertThat(this.aotFactories.load(RuntimeHintsRegistrar.class).asList())
			.hasAtLeastOneElementOfType(TimeSortedIdRuntimeHints.class);
	}

	@Test
	void listTheTypedIdProcessor() {
		assertThat(this.aotFactories.load(BeanFactoryInitializationAotProcessor.class).asList())
			.hasAtLeastOneElementOfType(TypedIdBeanFactoryInitializationAotProcessor.class);
	}

}
